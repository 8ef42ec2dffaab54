import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { SchemaCheckedDocuments } from '../../../src/engines/spec/schema-checked-documents.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const valid = (version: string) =>
  `openapi: 3.0.3\ninfo: {title: Things, version: "${version}"}\npaths:\n  /things:\n    get:\n      responses: {"200": {description: ok}}\n`;
const ingest = (file: string) => ingestSpec(file, { projectRoot: project!.root, signal: new AbortController().signal });

describe('documents found valid against the OpenAPI schema', () => {
  it('are told apart by location and by content', () => {
    const document = { openapi: '3.0.3', info: { title: 'T', version: '1' } };
    const key = SchemaCheckedDocuments.keyOf('/project/api.yaml', document);
    expect(SchemaCheckedDocuments.keyOf('/project/api.yaml', { ...document })).toBe(key);
    expect(SchemaCheckedDocuments.keyOf('/project/other.yaml', document)).not.toBe(key);
    expect(SchemaCheckedDocuments.keyOf('/project/api.yaml', { ...document, info: { title: 'T', version: '2' } })).not.toBe(key);
  });

  it('are remembered, the 64 most recent of them', () => {
    const checked = new SchemaCheckedDocuments();
    const keys = Array.from({ length: 65 }, (_, index) => SchemaCheckedDocuments.keyOf(`/spec-${index}.yaml`, {}));
    for (const key of keys) checked.foundValid(key);
    expect(checked.wasFoundValid(keys[0]!)).toBe(false);
    expect(keys.slice(1).every((key) => checked.wasFoundValid(key))).toBe(true);
    expect(checked.wasFoundValid(SchemaCheckedDocuments.keyOf('/never.yaml', {}))).toBe(false);
  });

  it('never spare a changed document the check: the same file, made invalid, is refused', async () => {
    project = await createTempProject();
    await project.write('api.yaml', valid('1'));
    await ingest('api.yaml');
    await ingest('api.yaml');
    await project.write('api.yaml', 'openapi: 3.0.3\ninfo: {title: Things}\npaths: {}\n');
    await expect(ingest('api.yaml')).rejects.toThrow("api.yaml: Swagger schema validation failed: #/info must have required property 'version'");
  });

  it('never spare a spec whose $ref leads to another file: that file may have changed', async () => {
    project = await createTempProject();
    const spec = 'openapi: 3.0.3\ninfo: {title: Things, version: "1"}\npaths:\n  /things:\n    $ref: "./things.yaml"\n';
    await project.write('api.yaml', spec);
    await project.write('things.yaml', 'get:\n  responses: {"200": {description: ok}}\n');
    await ingest('api.yaml');
    await writeFile(path.join(project.root, 'things.yaml'), 'get:\n  responses: "nope"\n');
    await expect(ingest('api.yaml')).rejects.toThrow(/api\.yaml: Swagger schema validation failed: .*responses must be object/);
  });
});
