import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import type { FalconSpec } from '../../../src/engines/spec/spec-format.js';
import type { TempProject } from '../../tools/temp-project.js';
import { projectWithSpecs } from './spec-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

it('flattens a Postman collection: folder tags, variables, auth, bodies, placeholders kept', async () => {
  project = await projectWithSpecs('shop.postman_collection.json');
  const result = await ingestSpec('specs/shop.postman_collection.json', { projectRoot: project.root, signal: new AbortController().signal });
  const text = await readFile(path.join(project.root, '.falcon/spec.yaml'), 'utf8');
  const spec = parse(text) as FalconSpec;
  expect(text).not.toContain('secret-token-123');
  expect(text).not.toContain('Bearer abc');
  expect(spec).toMatchObject({ kind: 'postman', specVersion: '2.1.0', title: 'Shop', variables: { baseUrl: 'http://localhost:4000', token: '[masked]' } });
  expect(spec.servers).toEqual([{ url: '{{baseUrl}}' }, { url: 'https://api.example.com' }]);
  expect(spec.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' }, apikey: { type: 'apiKey', in: 'header', name: 'X-Key' } });
  expect(spec.operations.map((op) => [op.id, op.method, op.path, op.tags, op.security])).toEqual([
    ['Users_Admin_Create_user', 'POST', '/users', ['Users', 'Admin'], [{ bearer: [] }]],
    ['Users_Get_user', 'GET', '/users/{id}', ['Users'], [{ bearer: [] }]],
    ['Login', 'POST', '/login', [], []],
    ['Upload_avatar', 'PUT', '/avatar', [], [{ apikey: [] }]],
  ]);
  const [create, getUser, login, upload] = spec.operations;
  expect(create?.parameters).toEqual([
    { name: 'notify', in: 'query', required: false, schema: { type: 'string' }, example: 'true' },
    { name: 'Authorization', in: 'header', required: false, schema: { type: 'string' } },
  ]);
  expect(create?.requestBody).toEqual({ required: true, content: { 'application/json': { example: { name: '{{userName}}', age: 3 } } } });
  expect(create?.responses).toEqual({ '201': { description: 'Created', content: { 'application/json': { example: { id: 7 } } } } });
  expect(getUser?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  expect(login?.requestBody?.content).toEqual({ 'application/x-www-form-urlencoded': { example: { user: 'ann', password: '{{password}}' } } });
  expect(upload?.requestBody?.content).toEqual({ 'multipart/form-data': { example: { avatar: '<file avatar.png>', caption: 'me' } } });
  expect(result.summary).toContain('| Users | 2 |');
});
