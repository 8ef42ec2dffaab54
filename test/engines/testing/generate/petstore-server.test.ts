import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertSpec } from '../../../../src/engines/spec/convert-spec.js';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import type { CaseResult } from '../../../../src/engines/testing/test-run.js';
import { startPetstore } from '../../../support/petstore-server.js';
import type { SpecServer } from '../../../support/loopback-server.js';
import { createTempProject, type TempProject } from '../../../tools/temp-project.js';

/**
 * The generated cases sent to the stateful Petstore of swagger-express-middleware, whose
 * validateRequest middleware checks every request against the same spec independently of Falcon:
 * it must accept every valid case and refuse every negative one, and the chain must find the pet
 * it created, then find it gone.
 */
describe('generated cases against a server that validates requests by the spec', () => {
  let server: SpecServer;
  let project: TempProject;
  let spec: FalconSpec;
  let results: CaseResult[];
  beforeAll(async () => {
    server = await startPetstore();
    project = await createTempProject();
    await mkdir(path.join(project.root, 'specs'));
    // The spec refers to a page beside it.
    for (const file of ['PetStore.yaml', 'index.html']) await copyFile(path.join(path.dirname(server.specFile), file), path.join(project.root, 'specs', file));
    spec = await convertSpec('specs/PetStore.yaml', project.root, new AbortController().signal);
    const cases = await generateCases(spec, spec.operations);
    results = (await runCases(cases, { baseUrl: server.url, checks: ['not_a_server_error'] })).results;
  });
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  const status = (result: CaseResult) => result.response?.status ?? 0;

  it('has every valid case accepted: no 400 for a happy or boundary request', () => {
    const valid = results.filter((result) => result.case.kind === 'happy' || result.case.kind === 'boundary');
    expect(valid.length).toBeGreaterThan(30);
    expect(valid.filter((result) => status(result) === 400).map((result) => result.case.id)).toEqual([]);
    expect(valid.filter((result) => result.case.operationId === 'addPet').every((result) => status(result) === 201)).toBe(true);
  });

  it('has every negative case refused with a 4xx', () => {
    const negative = results.filter((result) => result.case.kind === 'negative');
    expect(negative.length).toBeGreaterThan(50);
    expect(negative.filter((result) => status(result) < 400 || status(result) >= 500).map((result) => `${result.case.id} → ${status(result)}`)).toEqual([]);
  });

  it('runs the create → read → update → delete → read chain on the pet it created, by name', () => {
    const chain = results.filter((result) => result.case.kind === 'stateful').sort((a, b) => a.case.chain!.step - b.case.chain!.step);
    expect(chain.map((result) => `${result.case.request.method} ${result.case.request.path} ${status(result)}`)).toEqual([
      'POST /pets 201',
      'GET /pets/{petName} 200',
      'PATCH /pets/{petName} 200',
      'DELETE /pets/{petName} 200',
      'GET /pets/{petName} 404',
    ]);
    expect(chain[0]!.case.extract).toEqual({ petName: '$.name' });
    const created = JSON.parse(chain[0]!.request!.body!) as { name: string };
    expect(chain[1]!.request!.url).toBe(`${server.url}/pets/${encodeURIComponent(created.name)}`);
  });
});
