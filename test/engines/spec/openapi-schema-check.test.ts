import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { checkOpenApiSchema } from '../../../src/engines/spec/openapi-schema-check.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';
import { SPEC_FIXTURES } from './spec-project.js';

/** swagger-parser's own check, which compiles the OpenAPI schema for each document: what checkOpenApiSchema must answer alike. */
const swaggerParserCheck = createRequire(import.meta.url)('@apidevtools/swagger-parser/lib/validators/schema.js') as (api: object) => void;

/** What a check says of a document: nothing, or its error's name and message. */
async function verdict(check: (api: Record<string, unknown>) => unknown, document: Record<string, unknown>): Promise<string> {
  try {
    await check(structuredClone(document));
    return 'valid';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

/**
 * OpenAPI 3 fixtures of each version and shape (3.1 type lists, circular schemas, a large API, one
 * swagger-parser refuses). Not all of them: swagger-parser compiles the OpenAPI schema for each.
 */
const OPENAPI_3_FIXTURES = ['diff-pets-3.1.json', 'nullable-3.1.yaml', 'circular-3.0.yaml', 'vulnerable-api.yaml', 'invalid-3.0.yaml'].map((file) => ({
  file,
  document: parse(readFileSync(path.join(SPEC_FIXTURES, file), 'utf8')) as Record<string, unknown>,
}));

/** Broken as specs are: a required field missing, an unknown field, a 3.1 schema where only 3.0 has one. */
const INVALID: Record<string, Record<string, unknown>> = {
  'no version': { openapi: '3.0.3', info: { title: 'T' }, paths: {} },
  'a response without its description': { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': {} } } } } },
  'an unknown field': { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, webhooks: [], extra: true },
  '3.1 type lists in 3.0': {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: ['string', 'null'] } } } } } } } },
  },
};

describe('checkOpenApiSchema', () => {
  it('says what swagger-parser says of every OpenAPI 3 fixture', async () => {
    for (const { file, document } of OPENAPI_3_FIXTURES) {
      expect(await verdict(checkOpenApiSchema, document), file).toBe(await verdict(swaggerParserCheck, document));
    }
  });

  it('refuses broken documents with swagger-parser’s message, each problem on a line', async () => {
    for (const [name, document] of Object.entries(INVALID)) {
      const said = await verdict(checkOpenApiSchema, document);
      expect(said, name).toMatch(/^SyntaxError: Swagger schema validation failed\.\n {2}#\//);
      expect(said, name).toBe(await verdict(swaggerParserCheck, document));
    }
  });

  it('compiles the schema of each version once, not for each document', async () => {
    const [first, second] = OPENAPI_3_FIXTURES.filter(({ document }) => String(document.openapi).startsWith('3.0'));
    const [late] = OPENAPI_3_FIXTURES.filter(({ document }) => String(document.openapi).startsWith('3.1'));
    await checkOpenApiSchema(first!.document);
    await checkOpenApiSchema(late!.document);
    // Every ajv, of any draft, compiles with the one method of their common class.
    const ajvCore = Object.getPrototypeOf((await import('ajv/dist/2020.js')).default.default.prototype) as { compile(schema: object): unknown };
    const compile = vi.spyOn(ajvCore, 'compile');
    try {
      await checkOpenApiSchema(second!.document);
      await checkOpenApiSchema(late!.document);
      await expect(checkOpenApiSchema(INVALID['no version']!)).rejects.toThrow(SyntaxError);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });
});

describe('ingesting a spec checks it against the OpenAPI schema every time', () => {
  let project: TempProject | undefined;
  afterEach(async () => {
    await project?.remove();
    project = undefined;
  });

  const valid = (version: string) =>
    `openapi: 3.0.3\ninfo: {title: Things, version: "${version}"}\npaths:\n  /things:\n    get:\n      responses: {"200": {description: ok}}\n`;
  const ingest = (file: string) => ingestSpec(file, { projectRoot: project!.root, signal: new AbortController().signal });

  it('the same file, made invalid, is refused', async () => {
    project = await createTempProject();
    await project.write('api.yaml', valid('1'));
    await ingest('api.yaml');
    await ingest('api.yaml');
    await project.write('api.yaml', 'openapi: 3.0.3\ninfo: {title: Things}\npaths: {}\n');
    await expect(ingest('api.yaml')).rejects.toThrow("api.yaml: Swagger schema validation failed: #/info must have required property 'version'");
  });

  it('a spec whose $ref leads to another file is refused once that file is made invalid', async () => {
    project = await createTempProject();
    const spec = 'openapi: 3.0.3\ninfo: {title: Things, version: "1"}\npaths:\n  /things:\n    $ref: "./things.yaml"\n';
    await project.write('api.yaml', spec);
    await project.write('things.yaml', 'get:\n  responses: {"200": {description: ok}}\n');
    await ingest('api.yaml');
    await writeFile(path.join(project.root, 'things.yaml'), 'get:\n  responses: "nope"\n');
    await expect(ingest('api.yaml')).rejects.toThrow(/api\.yaml: Swagger schema validation failed: .*responses must be object/);
  });

  it('a Swagger 2.0 document is still checked by swagger-parser, rules beyond the schema included', async () => {
    project = await createTempProject();
    await project.write('api.yaml', 'swagger: "2.0"\ninfo: {title: Things}\npaths: {}\n');
    await expect(ingest('api.yaml')).rejects.toThrow("api.yaml: Swagger schema validation failed: #/info must have required property 'version'");
    const duplicated =
      'swagger: "2.0"\ninfo: {title: Things, version: "1"}\npaths:\n  /a:\n    get: {operationId: same, responses: {"200": {description: ok}}}\n  /b:\n    get: {operationId: same, responses: {"200": {description: ok}}}\n';
    await project.write('api.yaml', duplicated);
    await expect(ingest('api.yaml')).rejects.toThrow("api.yaml: Validation failed. Duplicate operation id 'same'");
  });
});
