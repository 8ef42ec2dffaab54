import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

const OPERATIONS = 3000;

/** About 10 MB of OpenAPI: 3,000 operations, each with its own $ref'd, self-referencing schema. */
function largeSpec(): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const padding = 'Lorem ipsum dolor sit amet. '.repeat(60);
  for (let i = 0; i < OPERATIONS / 2; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      required: ['id'],
      description: padding,
      properties: { id: { type: 'integer' }, name: { type: 'string', description: padding }, parent: { $ref: `#/components/schemas/Item${i}` } },
    };
    const ref = { $ref: `#/components/schemas/Item${i}` };
    paths[`/items${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: `getItem${i}`,
        tags: [`tag${i % 20}`],
        description: padding,
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref } } } },
      },
      put: {
        operationId: `putItem${i}`,
        tags: [`tag${i % 20}`],
        description: padding,
        requestBody: { required: true, content: { 'application/json': { schema: ref } } },
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref } } } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths, components: { schemas } });
}

// The time is measured and printed, not asserted (speed is judged by scripts/bench, not by tests).
it('ingests a 10 MB spec of 3,000 operations', async () => {
  project = await createTempProject();
  const text = largeSpec();
  await writeFile(path.join(project.root, 'large.json'), text);
  const started = performance.now();
  const result = await ingestSpec('large.json', { projectRoot: project.root, signal: new AbortController().signal });
  const seconds = (performance.now() - started) / 1000;
  console.log(`ingested ${(text.length / 1e6).toFixed(1)} MB, ${result.spec.operations.length} operations in ${seconds.toFixed(2)} s`);
  expect(text.length).toBeGreaterThan(10_000_000);
  expect(result.spec.operations).toHaveLength(OPERATIONS);
}, 120_000);
