import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { parseIngestedSpec, readIngestedSpec } from '../../../src/engines/spec/read-ingested-spec.js';
import type { FalconSpec, SpecOperation } from '../../../src/engines/spec/spec-format.js';
import type { TempProject } from '../../tools/temp-project.js';
import { projectWithSpecs } from './spec-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

/** The ingest's result, and what a reader of `.falcon/spec.yaml` gets back. */
async function ingest(name: string): Promise<{ spec: FalconSpec; written: FalconSpec; summary: string }> {
  project = await projectWithSpecs(name);
  const result = await ingestSpec(`specs/${name}`, { projectRoot: project.root, signal: new AbortController().signal });
  const written = await readIngestedSpec(project.root);
  if (!written) throw new Error('no spec.yaml written');
  expect(written).toEqual(result.spec);
  return { spec: result.spec, written, summary: result.summary };
}

function operation(spec: FalconSpec, id: string): SpecOperation {
  const found = spec.operations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

describe('ingestSpec on OpenAPI', () => {
  it('ingests OpenAPI 3.0: servers, merged parameters, $refs, bodies, responses, security', async () => {
    const { written, summary } = await ingest('petstore-3.0.yaml');
    expect(written).toMatchObject({ format: 'falcon-spec/1', source: 'specs/petstore-3.0.yaml', kind: 'openapi', specVersion: '3.0.3', title: 'Petstore' });
    expect(written.servers).toEqual([{ url: 'http://localhost:3000/v1' }]);
    expect(written.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
    expect(written.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['GET /pets', 'POST /pets', 'GET /pets/{petId}']);

    const show = operation(written, 'showPetById');
    expect(show.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, description: "the operation's", schema: { type: 'integer' } },
      { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
    ]);
    expect(show.security).toEqual([{ bearerAuth: [] }]);
    expect(show.responses['200']?.content?.['application/json']).toMatchObject({
      schema: { type: 'object', required: ['id', 'name'] },
      example: { id: 1, name: 'Rex' },
      examples: { rex: { id: 1, name: 'Rex' } },
    });
    expect(show.responses.default).toEqual({ description: 'Error' });

    const list = operation(written, 'listPets');
    expect(list.security).toEqual([]);
    expect(list.responses['200']?.headers).toEqual({ 'X-Next': { required: true, schema: { type: 'string' } } });
    expect(list.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'array', items: { properties: { name: { type: 'string' } } } });
    expect(operation(written, 'createPet').requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { type: 'object' }, example: { id: 1, name: 'Rex' } } },
    });
    expect(summary).toContain('# Petstore 1.0.0');
    expect(summary).toContain('| pets | 3 |');
    expect(summary).toContain('bearerAuth (HTTP bearer); 1 of 3 operations need none');
  });

  it('ingests the same API as Swagger 2.0: host/basePath/schemes, body and formData parameters, examples', async () => {
    const { written } = await ingest('petstore-2.0.json');
    expect(written).toMatchObject({ kind: 'swagger', specVersion: '2.0', servers: [{ url: 'http://localhost:3000/v1' }] });
    expect(written.securitySchemes).toEqual({ basicAuth: { type: 'http', scheme: 'basic' }, apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } });
    expect(operation(written, 'showPetById').parameters).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }]);
    expect(operation(written, 'showPetById').security).toEqual([{ apiKey: [] }]);
    expect(operation(written, 'listPets').parameters[0]).toEqual({ name: 'limit', in: 'query', required: false, schema: { type: 'integer', maximum: 100 } });
    expect(operation(written, 'createPet').requestBody).toEqual({
      required: true,
      content: {
        'application/json': { schema: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
      },
    });
    expect(operation(written, 'uploadPhoto').requestBody?.content['multipart/form-data']?.schema).toEqual({
      type: 'object',
      properties: { file: { type: 'file' } },
      required: ['file'],
    });
    const page = operation(written, 'listPets').responses['200'];
    expect(page?.content?.['application/json']?.example).toEqual([{ id: 1, name: 'Rex' }]);
    expect(page?.headers).toEqual({ 'X-Next': { required: false, schema: { type: 'string' }, description: 'next page' } });
  });

  it('ingests OpenAPI 3.1: type lists kept, webhooks ignored', async () => {
    const { written } = await ingest('nullable-3.1.yaml');
    expect(written).toMatchObject({ specVersion: '3.1.0', servers: [{ url: '/api' }] });
    expect(written.operations).toHaveLength(1);
    const schema = written.operations[0]?.responses['200']?.content?.['application/json']?.schema;
    expect(schema).toMatchObject({ properties: { body: { type: ['string', 'null'] } } });
  });

  it('keeps a self-referencing schema as a $ref into its own schemas section', async () => {
    const { written } = await ingest('circular-3.0.yaml');
    const schema = written.operations[0]?.responses['200']?.content?.['application/json']?.schema;
    expect(schema).toEqual({ $ref: '#/schemas/Node' });
    expect(written.schemas?.Node).toMatchObject({ type: 'object', properties: { children: { type: 'array', items: { $ref: '#/schemas/Node' } } } });
  });

  it('writes JSON after a comment line, each named schema once; readers get it in place, and YAML still reads the file', async () => {
    const { written } = await ingest('petstore-3.0.yaml');
    const text = await readFile(path.join(project!.root, '.falcon/spec.yaml'), 'utf8');
    const [header = '', ...rest] = text.split('\n');
    expect(header).toBe(
      "# Falcon's copy of specs/petstore-3.0.yaml, made by `falcon spec ingest`; the format is described in src/engines/spec/spec-format.ts.",
    );
    const stored = JSON.parse(rest.join('\n')) as Record<string, unknown> & FalconSpec;
    expect(parse(text)).toEqual(stored);
    expect(text.match(/"required": \[\s*"id",\s*"name"\s*\]/g)).toHaveLength(1);
    expect(stored.sharedSchemas).toEqual({ Pet: written.operations[2]?.responses['200']?.content?.['application/json']?.schema });
    expect(operation(stored, 'showPetById').responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/sharedSchemas/Pet' });
    expect(operation(stored, 'listPets').responses['200']?.content?.['application/json']?.schema).toEqual({
      type: 'array',
      items: { $ref: '#/sharedSchemas/Pet' },
    });

    const pet = operation(written, 'showPetById').responses['200']?.content?.['application/json']?.schema;
    expect(pet).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' }, tag: { type: 'string' } },
    });
    expect(operation(written, 'createPet').requestBody?.content['application/json']?.schema).toBe(pet);
    expect(written).not.toHaveProperty('sharedSchemas');

    // A person may rewrite the file as YAML: it reads back the same, only slower.
    await expect(parseIngestedSpec(stringify(parse(text)), 'edited.yaml', new AbortController().signal)).resolves.toEqual(written);
  });

  it('says so when the file names a shared schema it lacks', async () => {
    await ingest('petstore-3.0.yaml');
    const text = await readFile(path.join(project!.root, '.falcon/spec.yaml'), 'utf8');
    await expect(parseIngestedSpec(text.replace('"Pet": {', '"Dog": {'), '.falcon/spec.yaml', new AbortController().signal)).rejects.toThrow(
      '.falcon/spec.yaml: a $ref names shared schema "Pet", which sharedSchemas lacks; ingest the spec again',
    );
  });
});
