import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ingestSpecTool } from '../../../../src/capabilities/spec-tests/tools/ingest-spec.js';
import { projectWithSpecs } from '../../../engines/spec/spec-project.js';
import { toolContext, type TempProject } from '../../../tools/temp-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

it('indexes a spec, then reports its status', async () => {
  project = await projectWithSpecs('petstore-3.0.yaml', 'malformed.yaml');
  const ctx = toolContext(project.root);
  expect(await ingestSpecTool.run({ action: 'status' }, ctx)).toMatch(/^No spec ingested yet/);

  const indexed = await ingestSpecTool.run({ source: 'specs/petstore-3.0.yaml' }, ctx);
  expect(indexed).toMatch(/^Wrote \.falcon\/spec\.yaml\./);
  expect(indexed).toContain('3 operations from specs/petstore-3.0.yaml (OpenAPI 3.0.3)');

  const status = await ingestSpecTool.run({ action: 'status' }, ctx);
  expect(status).toMatch(/^\.falcon\/spec\.yaml: 3 operations of "Petstore" from specs\/petstore-3\.0\.yaml \(openapi\), ingested \d{4}-/);

  await expect(ingestSpecTool.run({ source: 'specs/malformed.yaml', action: 'index' }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: expect.stringMatching(/^specs\/malformed\.yaml: YAML syntax error/),
  });
  await expect(ingestSpecTool.run({}, ctx)).rejects.toThrow(/source is required/);
  expect(await ingestSpecTool.run({ action: 'status' }, ctx)).toContain('3 operations');
});

it('ingests an AsyncAPI document into .falcon/asyncapi.json, leaving .falcon/spec.yaml alone', async () => {
  project = await projectWithSpecs('petstore-3.0.yaml');
  await project.write('asyncapi.yaml', await readFile(path.resolve('test/fixtures/asyncapi/prices-asyncapi-3.yaml'), 'utf8'));
  const ctx = toolContext(project.root);
  const indexed = await ingestSpecTool.run({ source: 'asyncapi.yaml' }, ctx);
  expect(indexed.split('\n').slice(0, 4)).toEqual([
    'Wrote .falcon/asyncapi.json.',
    '',
    'AsyncAPI 3.0.0 · Prices · 1 channel',
    '  /prices: receives price; sends subscribe',
  ]);
  expect(await ingestSpecTool.run({ action: 'status' }, ctx)).toMatch(/^No spec ingested yet/);
});
