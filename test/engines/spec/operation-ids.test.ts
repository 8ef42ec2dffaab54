import { afterEach, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { OperationFilterError, selectOperations } from '../../../src/engines/testing/select-operations.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

const SPEC = `openapi: 3.0.3
info: {title: Ids, version: "1"}
paths:
  /anything/{id}:
    get:
      responses: {"200": {description: ok}}
    delete:
      responses: {"204": {description: gone}}
  /pets/{petId}:
    get:
      operationId: find pet by id
      responses: {"200": {description: ok}}
  /pets:
    get:
      operationId: listPets
      responses: {"200": {description: ok}}
`;

it('makes ids from method and path as unique-id.ts documents, and keeps operationIds findable as written', async () => {
  project = await createTempProject();
  await project.write('openapi.yaml', SPEC);
  const { spec } = await ingestSpec('openapi.yaml', { projectRoot: project.root, signal: new AbortController().signal });
  expect(spec.operations.map((operation) => operation.id)).toEqual(['get_anything_id', 'delete_anything_id', 'find_pet_by_id', 'listPets']);

  const ids = (pattern: string) => selectOperations(spec.operations, { include: [pattern] }).map((operation) => operation.id);
  expect(ids('find pet by id')).toEqual(['find_pet_by_id']);
  expect(ids('Find Pet By Id')).toEqual(['find_pet_by_id']);
  expect(ids('find_pet_by_id')).toEqual(['find_pet_by_id']);
  expect(ids('get_anything_id')).toEqual(['get_anything_id']);
  expect(selectOperations(spec.operations, { exclude: ['find pet by id'] }).map((operation) => operation.id)).toEqual([
    'get_anything_id',
    'delete_anything_id',
    'listPets',
  ]);
  expect(() => ids('!!!')).toThrow(OperationFilterError);
});
