import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import { changeLine } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-change.js';
import { loadSpecUnderTest } from '../../../../../src/engines/testing/load-test-spec.js';
import type { FalconSpec } from '../../../../../src/engines/spec/spec-format.js';
import { projectWithSpecs, SPEC_FIXTURES } from '../../../../engines/spec/spec-project.js';
import type { TempProject } from '../../../../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await projectWithSpecs(
    'diff-pets-2.0.yaml',
    'diff-pets-3.0.yaml',
    'diff-pets-3.1.json',
    'diff-users-v1.yaml',
    'diff-users-v2.yaml',
    'circular-3.0.yaml',
  );
});
afterEach(() => project.remove());

async function load(name: string): Promise<FalconSpec> {
  const loaded = await loadSpecUnderTest(`specs/${name}`, project.root, new AbortController().signal);
  return loaded!.spec;
}

const lines = (old: FalconSpec, current: FalconSpec) => diffSpecs(old, current).map((change) => `${change.severity}: ${changeLine(change)}`);

describe('specs read from files', () => {
  it('finds no change between Swagger 2, OpenAPI 3.0 and 3.1 documents of the same API', async () => {
    // The same pets API written three ways: Swagger's body parameter, x-nullable and boolean
    // exclusiveMaximum; 3.0's requestBody and nullable; 3.1's type lists, numeric exclusiveMaximum,
    // allOf, a charset on the media type, a lower-case header name and enum values in another order.
    const [swagger, openapi30, openapi31] = await Promise.all([load('diff-pets-2.0.yaml'), load('diff-pets-3.0.yaml'), load('diff-pets-3.1.json')]);
    expect(lines(swagger, openapi30)).toEqual([]);
    expect(lines(openapi30, openapi31)).toEqual([]);
    expect(lines(openapi31, swagger)).toEqual([]);
  });

  it('follows a change into a schema that refers to itself, once per place the schema is used', async () => {
    const text = await readFile(path.join(SPEC_FIXTURES, 'diff-pets-3.1.json'), 'utf8');
    await project.write(
      'specs/pets-next.json',
      text.replace('"maxLength": 50', '"maxLength": 20').replace('"exclusiveMaximum": 100', '"exclusiveMaximum": 120'),
    );
    expect(lines(await load('diff-pets-2.0.yaml'), await load('pets-next.json'))).toEqual([
      'breaking: GET /pets/{petId} › response 200 › body › weight: maximum raised from 100 (exclusive) to 120 (exclusive)',
      'non-breaking: GET /pets/{petId} › response 200 › body › name: maxLength lowered from 50 to 20',
      'breaking: PUT /pets/{petId} › request body › name: maxLength lowered from 50 to 20',
      'breaking: PUT /pets/{petId} › response 200 › body › weight: maximum raised from 100 (exclusive) to 120 (exclusive)',
      'non-breaking: PUT /pets/{petId} › request body › weight: maximum raised from 100 (exclusive) to 120 (exclusive)',
      'non-breaking: PUT /pets/{petId} › response 200 › body › name: maxLength lowered from 50 to 20',
    ]);
  });

  it('ends in a cycle that changes inside itself', async () => {
    const text = await readFile(path.join(SPEC_FIXTURES, 'circular-3.0.yaml'), 'utf8');
    await project.write('specs/tree-next.yaml', text.replace('name: {type: string}', 'name: {type: integer}'));
    expect(lines(await load('circular-3.0.yaml'), await load('tree-next.yaml'))).toEqual([
      'breaking: GET /nodes › response 200 › body › name: type changed from string to integer',
    ]);
  });

  it('reports each kind of change of a realistic new version, by operation and severity', async () => {
    expect(lines(await load('diff-users-v1.yaml'), await load('diff-users-v2.yaml'))).toEqual([
      'breaking: GET /users › query limit: maximum lowered from 100 to 50',
      'breaking: GET /users › response 200 › body[] › email: removed (it was required)',
      'warning: GET /users › response 200 › body[] › nickname: removed',
      'warning: GET /users › response 200 › body[] › role: enum value "guest" added',
      'non-breaking: GET /users › query cursor: optional parameter added',
      'non-breaking: GET /users › response 200 › body[] › name: maxLength lowered from 100 to 50',
      'non-breaking: GET /users › response 200 › body[] › team: added',
      'breaking: POST /users › request body › name: maxLength lowered from 100 to 50',
      'breaking: POST /users › request body › team: required property added',
      'breaking: POST /users › response 201 › body › email: removed (it was required)',
      'warning: POST /users › request body › email: removed',
      'warning: POST /users › request body › nickname: removed',
      'warning: POST /users › response 201 › body › nickname: removed',
      'warning: POST /users › response 201 › body › role: enum value "guest" added',
      'non-breaking: POST /users › request body › role: enum value "guest" added',
      'non-breaking: POST /users › response 201 › body › name: maxLength lowered from 100 to 50',
      'non-breaking: POST /users › response 201 › body › team: added',
      'breaking: DELETE /users/{id}: operation removed',
      'breaking: GET /users/{userId} › response 200 › body › email: removed (it was required)',
      'breaking: GET /users/{userId} › security: authentication now required: bearerAuth',
      'warning: GET /users/{userId} › response 200 › body › nickname: removed',
      'warning: GET /users/{userId} › response 200 › body › role: enum value "guest" added',
      'warning: GET /users/{userId} › response 404: status removed',
      'non-breaking: GET /users/{userId} › path userId: renamed from "id" to "userId"',
      'non-breaking: GET /users/{userId} › response 200 › body › name: maxLength lowered from 100 to 50',
      'non-breaking: GET /users/{userId} › response 200 › body › team: added',
      'non-breaking: PATCH /users/{userId}: operation added',
    ]);
  });
});
