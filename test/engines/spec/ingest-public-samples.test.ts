import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { parseIngestedSpec, readIngestedSpec } from '../../../src/engines/spec/read-ingested-spec.js';
import type { FalconSpec, SpecOperation } from '../../../src/engines/spec/spec-format.js';
import { createTempProject } from '../../tools/temp-project.js';
import { refPointerSegment } from '../../../src/engines/spec/ref-pointer-segment.js';
import { ingestedSample, ingestedSamples, OAS_EXAMPLES as SAMPLES } from '../../support/public-samples.js';

// Public sample documents (the @readme/oas-examples dev dependency). The unit project's globalSetup
// ingests every JSON one once per run, as `oas/<sample>` of one project (test/support/public-samples.ts):
// `ingest` reads what ingestSpec wrote to .falcon/spec.yaml and the summary it gave.
const ingest = ingestedSample;

function operation(spec: FalconSpec, id: string): SpecOperation {
  const found = spec.operations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id} in ${spec.source}`);
  return found;
}

function jsonBody(operation: SpecOperation): { schema?: Record<string, unknown>; example?: unknown } | undefined {
  return operation.requestBody?.content['application/json'];
}

const PETSTORE_IDS = [
  'updatePet',
  'addPet',
  'findPetsByStatus',
  'findPetsByTags',
  'getPetById',
  'updatePetWithForm',
  'deletePet',
  'uploadFile',
  'getInventory',
  'placeOrder',
  'getOrderById',
  'deleteOrder',
  'createUser',
  'createUsersWithArrayInput',
  'createUsersWithListInput',
  'loginUser',
  'logoutUser',
  'getUserByName',
  'updateUser',
  'deleteUser',
];

describe('ingestSpec on the public Petstore in Swagger 2.0, OpenAPI 3.0 and 3.1', () => {
  it('Swagger 2.0: host+basePath as the server, definitions resolved, formData as a form body, effective security', async () => {
    const { spec, summary } = await ingest('2.0/json/petstore.json');
    expect(spec).toMatchObject({ kind: 'swagger', specVersion: '2.0', title: 'Swagger Petstore', version: '1.0.0' });
    expect(spec.servers).toEqual([{ url: 'http://petstore.swagger.io/v2' }]);
    expect(spec.securitySchemes).toEqual({ petstore_auth: { type: 'oauth2' }, api_key: { type: 'apiKey', in: 'header', name: 'api_key' } });
    expect(spec.operations.map((op) => op.id)).toEqual(PETSTORE_IDS);

    // `in: body` with `$ref: '#/definitions/Pet'`, spread over the two media types the operation consumes.
    const addPet = operation(spec, 'addPet');
    expect(Object.keys(addPet.requestBody?.content ?? {})).toEqual(['application/json', 'application/xml']);
    expect(addPet.requestBody?.required).toBe(true);
    expect(jsonBody(addPet)?.schema).toMatchObject({
      required: ['name', 'photoUrls'],
      properties: { category: { type: 'object', properties: { name: { type: 'string' } } }, status: { enum: ['available', 'pending', 'sold'] } },
    });

    const form = operation(spec, 'updatePetWithForm');
    expect(form.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' }, description: 'ID of pet that needs to be updated' },
    ]);
    expect(form.requestBody).toEqual({
      required: false,
      content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' }, status: { type: 'string' } } } } },
    });

    // A Swagger 2 array parameter: its `items` become the schema's.
    expect(operation(spec, 'findPetsByStatus').parameters[0]).toMatchObject({
      name: 'status',
      in: 'query',
      required: true,
      schema: { type: 'array', items: { type: 'string', enum: ['available', 'pending', 'sold'] } },
    });
    expect(operation(spec, 'loginUser').responses['200']?.headers?.['X-Rate-Limit']).toEqual({
      required: false,
      schema: { type: 'integer', format: 'int32' },
      description: 'calls per hour allowed by the user',
    });
    expect(operation(spec, 'getPetById').security).toEqual([{ api_key: [] }]);
    expect(operation(spec, 'deletePet').security).toEqual([{ petstore_auth: ['write:pets', 'read:pets'] }]);
    expect(operation(spec, 'placeOrder').security).toEqual([]);
    expect(summary).toContain('20 operations from oas/2.0/json/petstore.json (Swagger 2.0)');
    expect(summary).toContain('| pet | 8 |');
    expect(summary).toContain('11 of 20 operations need none');
  });

  it('OpenAPI 3.0: the same 20 operations; $ref bodies and responses resolved, headers and defaults kept', async () => {
    const { spec } = await ingest('3.0/json/petstore.json');
    expect(spec).toMatchObject({ kind: 'openapi', specVersion: '3.0.0', servers: [{ url: 'http://petstore.swagger.io/v2' }] });
    expect(spec.operations.map((op) => op.id)).toEqual(PETSTORE_IDS);

    const getPet = operation(spec, 'getPetById');
    expect(getPet).toMatchObject({ method: 'GET', path: '/pet/{petId}', tags: ['pet'], summary: 'Find pet by ID' });
    expect(Object.keys(getPet.responses)).toEqual(['200', '400', '404', 'default']);
    expect(getPet.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['name', 'photoUrls'],
      properties: { id: { type: 'integer', readOnly: true }, category: { type: 'object', properties: { id: { format: 'int64' } } } },
    });

    // Header parameter before the path one, as the operation lists them.
    expect(operation(spec, 'deletePet').parameters.map((parameter) => [parameter.in, parameter.name, parameter.required])).toEqual([
      ['header', 'api_key', false],
      ['path', 'petId', true],
    ]);
    expect(operation(spec, 'updatePetWithForm').requestBody?.content['application/x-www-form-urlencoded']?.schema).toEqual({
      type: 'object',
      properties: { name: { description: 'Updated name of the pet', type: 'string' }, status: { description: 'Updated status of the pet', type: 'string' } },
    });
    expect(operation(spec, 'loginUser').responses['200']?.headers).toEqual({
      'X-Rate-Limit': { required: false, schema: { type: 'integer', format: 'int32' }, description: 'calls per hour allowed by the user' },
      'X-Expires-After': { required: false, schema: { type: 'string', format: 'date-time' }, description: 'date in UTC when token expires' },
    });
  });

  it('OpenAPI 3.0 as YAML ingests to the same spec as the JSON edition', async () => {
    const { spec: fromJson } = await ingest('3.0/json/petstore.json');
    const project = await createTempProject();
    let fromYaml: FalconSpec | undefined;
    try {
      await cp(path.join(SAMPLES, '3.0/yaml/petstore.yaml'), path.join(project.root, 'oas/3.0/yaml/petstore.yaml'));
      await ingestSpec('oas/3.0/yaml/petstore.yaml', { projectRoot: project.root, signal: new AbortController().signal });
      fromYaml = await readIngestedSpec(project.root);
    } finally {
      await project.remove();
    }
    if (!fromYaml) throw new Error('no spec.yaml written');
    const comparable = ({ source: _source, ingestedAt: _at, ...rest }: FalconSpec) => rest;
    expect(comparable(fromYaml)).toEqual(comparable(fromJson));
  });

  it('OpenAPI 3.1: version kept, a binary body, a $ref response resolved', async () => {
    const { spec } = await ingest('3.1/json/petstore.json');
    expect(spec).toMatchObject({ kind: 'openapi', specVersion: '3.1.0' });
    expect(spec.operations).toHaveLength(20);
    const upload = operation(spec, 'uploadFile');
    expect(upload.requestBody).toEqual({ required: false, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } });
    expect(upload.responses['200']?.content?.['application/json']?.schema).toEqual({
      type: 'object',
      properties: { code: { type: 'integer', format: 'int32' }, type: { type: 'string' }, message: { type: 'string' } },
    });
  });
});

describe('ingestSpec on the public OpenAPI feature samples', () => {
  it('callbacks: the operation is kept, the callback request the server makes is not an operation', async () => {
    const { spec } = await ingest('3.0/json/callbacks.json');
    expect(spec.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['POST /streams']);
    const [streams] = spec.operations;
    expect(streams?.parameters).toEqual([
      {
        name: 'callbackUrl',
        in: 'query',
        required: true,
        schema: { type: 'string', format: 'uri', example: 'https://tonys-server.com' },
        description: 'the location where data will be sent. Must be network accessible by the source server',
      },
    ]);
    expect(streams?.responses['201']?.content?.['application/json']?.schema).toMatchObject({ required: ['subscriptionId'] });
  });

  it("circular: a self-referencing schema becomes a $ref into the spec file's own schemas", async () => {
    const { spec } = await ingest('3.0/json/circular.json');
    expect(spec.operations[0]?.responses['404']?.content?.['application/json']?.schema).toEqual({ $ref: '#/schemas/ErrorMessage' });
    expect(spec.schemas?.ErrorMessage).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { inner: { $ref: '#/schemas/ErrorMessage' }, canBeRetried: { enum: ['Unknown', 'Yes', 'No'] } },
    });
  });

  it('security: every scheme type, per-operation requirements, optional auth as an empty alternative', async () => {
    const { spec, summary } = await ingest('3.0/json/security.json');
    expect(spec.operations).toHaveLength(15);
    expect(Object.fromEntries(Object.entries(spec.securitySchemes).map(([name, scheme]) => [name, [scheme.type, scheme.scheme ?? scheme.in]]))).toEqual({
      apiKey_cookie: ['apiKey', 'cookie'],
      apiKey_header: ['apiKey', 'header'],
      apiKey_query: ['apiKey', 'query'],
      basic: ['http', 'basic'],
      bearer: ['http', 'bearer'],
      bearer_jwt: ['http', 'bearer'],
      oauth2: ['oauth2', undefined],
      oauth2_authorizationCode: ['oauth2', undefined],
      oauth2_clientCredentials: ['oauth2', undefined],
      oauth2_implicit: ['oauth2', undefined],
      oauth2_password: ['oauth2', undefined],
      openIdConnect: ['openIdConnect', undefined],
    });
    expect(spec.securitySchemes.apiKey_header).toMatchObject({ name: 'X-API-KEY' });
    expect(spec.securitySchemes.bearer_jwt).toMatchObject({ bearerFormat: 'JWT' });
    const security = (method: string, path: string) => spec.operations.find((op) => op.method === method && op.path === path)?.security;
    expect(security('PATCH', '/anything/oauth2')).toEqual([{ oauth2_implicit: ['write:things'] }]);
    expect(security('POST', '/anything/no-auth')).toEqual([]);
    expect(security('GET', '/anything/optional-auth')).toEqual([{ apiKey_query: [] }, {}]);
    expect(summary).toContain('2 of 15 operations need none');
  });

  it("parameters-common: path-level parameters merged, the operation's override by name, a $ref'd parameter resolved", async () => {
    const { spec } = await ingest('3.0/json/parameters-common.json');
    const post = spec.operations.find((op) => op.method === 'POST' && op.path === '/anything/{id}');
    expect(post?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'number' }, description: 'ID parameter' },
      { name: 'x-extra-id', in: 'header', required: false, schema: { type: 'string' } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
        description: 'The numbers of items to return.',
      },
    ]);
    const override = spec.operations.find((op) => op.path === '/anything/{id}/override');
    expect(override?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'A comma-separated list of IDs' },
    ]);
    // A path that names {id} twice still has one id parameter.
    expect(spec.operations.find((op) => op.path === '/anything/{id}/{action}/{id}')?.parameters.map((parameter) => parameter.name)).toEqual(['id', 'action']);
  });

  it('parameters-style: 25 operations, array and object parameters in path, query, header and cookie', async () => {
    const { spec } = await ingest('3.0/json/parameters-style.json');
    expect(spec.operations).toHaveLength(25);
    const matrix = operation(spec, 'paths_matrix_exploded');
    expect(matrix).toMatchObject({ method: 'POST', path: '/anything/path/matrix/{primitive}/{array}/{object}' });
    expect(matrix.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required, parameter.schema?.type])).toEqual([
      ['primitive', 'path', true, 'string'],
      ['array', 'path', true, 'array'],
      ['object', 'path', true, 'object'],
    ]);
    expect(operation(spec, 'cookies_form_exploded').parameters.map((parameter) => parameter.in)).toEqual(['cookie', 'cookie', 'cookie']);
    expect(operation(spec, 'query_deepObject_nonExploded').parameters[0]?.schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, description: { type: 'string' } },
    });
  });

  it('schema-types (3.1): type lists, the null type and a self-referencing top-level body', async () => {
    const { spec } = await ingest('3.1/json/schema-types.json');
    expect(spec.operations).toHaveLength(23);
    expect(jsonBody(operation(spec, 'mixed_schemaSupport'))?.schema).toMatchObject({
      properties: { 'string and number': { type: ['string', 'number'] }, 'string and null': { type: ['string', 'null'] } },
    });
    expect(jsonBody(operation(spec, 'null_schemaSupport'))?.schema).toEqual({ type: 'object', properties: { stock: { type: 'null' } } });
    expect(jsonBody(operation(spec, 'number_topLevel'))?.schema).toEqual({ type: 'integer', format: 'int64' });
    expect(jsonBody(operation(spec, 'circular_topLevel'))?.schema).toEqual({ $ref: '#/schemas/Circular' });
    expect(spec.schemas?.Circular).toEqual({
      type: 'object',
      properties: { string: { type: 'string' }, children: { type: 'array', items: { $ref: '#/schemas/Circular' } } },
    });
  });

  it('webhooks (3.1): a document with only webhooks ingests with no operations (webhooks are requests the API makes)', async () => {
    const { spec, summary } = await ingest('3.1/json/webhooks.json');
    expect(spec).toMatchObject({ specVersion: '3.1.0', title: 'Webhook Example', operations: [] });
    expect(summary).toContain('0 operations from oas/3.1/json/webhooks.json');
  });

  it("request examples: `example`, the first of named `examples`, $ref'd examples, parameter examples", async () => {
    const { spec } = await ingest('3.0/json/request-examples.json');
    const body = (method: string, path: string) => spec.operations.find((op) => op.method === method && op.path === path)?.requestBody?.content;
    const user = { id: 12343354, email: 'test@example.com', name: 'Test user name' };
    expect(body('PATCH', '/requestBody')?.['application/json']).toEqual({
      schema: { type: 'object', properties: { id: { type: 'number' }, email: { type: 'string' }, name: { type: 'string' } } },
      example: user,
    });
    expect(body('POST', '/requestBody')?.['application/json']?.example).toEqual({ id: 1234, email: 'test@example.com', name: 'Test user name' });
    // `example: {$ref: '#/components/examples/user/value'}` resolved to the value it points to.
    expect(body('PUT', '/requestBody')?.['application/json']?.example).toEqual(user);
    expect(body('POST', '/requestBody-primitive-example')?.['application/json']).toEqual({
      schema: { type: 'string' },
      example: 'column1,column2,column3,column4',
    });
    // The named examples are kept too, by name, for `Prefer: example=NAME`.
    expect(body('POST', '/requestBody-multi-media-types')).toEqual({
      'text/plain': { example: 'OK', examples: { response: 'OK' } },
      'application/json': {
        example: { name: 'Fluffy', petType: 'Cat' },
        examples: { cat: { name: 'Fluffy', petType: 'Cat' }, dog: { name: 'Buster', petType: 'Dog' } },
      },
    });
    expect(operation(spec, 'demoFormData').requestBody?.content['application/x-www-form-urlencoded']?.example).toEqual({
      client_id: 'id123',
      client_secret: 'secret456',
      scope: 789,
    });

    const parameterExample = (method: string, name: string) =>
      spec.operations
        .find((op) => op.method === method && op.path === '/parameterExamples/{param1}/{param2}')
        ?.parameters.find((parameter) => parameter.name === name)?.example;
    expect(parameterExample('PUT', 'param1')).toBe('param1-example');
    expect(parameterExample('GET', 'param1')).toBe('param1-example');
  });

  it("response examples: per status and media type, $ref'd responses, response headers", async () => {
    const { spec } = await ingest('3.0/json/response-examples.json');
    const [example, examples] = spec.operations;
    expect(example?.responses['200']).toEqual({
      description: 'OK',
      content: { 'application/json': { example: { id: 12345, email: 'test@example.com', name: 'Test user name' } } },
      headers: { TestHeader: { required: false, schema: { type: 'string' }, description: 'A test example header' } },
    });
    expect(example?.responses['204']?.content?.['application/json']?.example).toEqual([{ id: 12345, email: 'test@example.com', name: 'Test user name' }]);
    expect(Object.keys(examples?.responses ?? {})).toEqual(['201', '202', '400', 'default']);
    expect(examples?.responses['202']?.content?.['application/json']?.example).toMatchObject({ name: 'Fluffy', petType: 'Cat' });
    // 400 is `$ref: '#/components/responses/400-Response-Ref'`: an XML example.
    expect(examples?.responses['400']?.description).toBe('Validation failed');
    expect(examples?.responses['400']?.content?.['application/xml']?.example).toMatch(/^<\?xml version="1.0"/);
    expect(examples?.responses.default?.content?.['text/csv, text/comma-separated-values']?.example).toBe('app1,app2,app3,app4,app5');
  });

  it("server variables: each server URL with its variables' defaults filled in", async () => {
    const { spec, summary } = await ingest('3.0/json/server-variables.json');
    expect(spec.servers).toEqual([{ url: 'https://demo.example.com:443/v2' }, { url: 'http://demo.local/v1' }, { url: 'https://demo.readme.io:3000/v1' }]);
    expect(spec.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['POST /global', 'POST /operation', 'PUT /path', 'PUT /combo']);
    expect(summary).toContain('Servers: https://demo.example.com:443/v2, http://demo.local/v1, https://demo.readme.io:3000/v1');
  });
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every JSON sample, sub-folders included, as `2.0/json/petstore.json`. */
async function jsonSamples(): Promise<string[]> {
  const found: string[] = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    const entries = await readdir(path.join(SAMPLES, version, 'json'), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.json')) found.push(path.relative(SAMPLES, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return found.sort();
}

/** The operations a document declares, counted from its text (a path item may be a `$ref` to another). */
function declaredOperations(document: Record<string, unknown>): number {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const pathItem = (item: Record<string, unknown>): Record<string, unknown> => {
    const ref = item.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/paths/')) return item;
    return paths[ref.slice('#/paths/'.length).replaceAll('~1', '/').replaceAll('~0', '~')] ?? {};
  };
  return Object.values(paths).reduce((sum, item) => sum + METHODS.filter((method) => method in pathItem(item)).length, 0);
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/** `$ref`s in spec.yaml that do not lead to one of its own `schemas`. */
function danglingRefs(spec: FalconSpec): string[] {
  const prefix = '#/schemas/';
  return refsIn(spec).filter((ref) => !ref.startsWith(prefix) || !(refPointerSegment(ref.slice(prefix.length)) in (spec.schemas ?? {})));
}

// circular-paths.json has `$ref: '#/paths/~1anything/post/requestBody/…/properties/circular'`, a
// cycle through another operation's schema rather than a named one: it must land in `schemas` too.

describe('ingestSpec on every JSON sample of @readme/oas-examples', () => {
  it('ingests each one with all its operations, or refuses it with a one-line SpecError and writes nothing', async () => {
    const samples = await jsonSamples();
    expect(samples.length).toBeGreaterThan(60);
    const outcomes = await ingestedSamples();
    expect(outcomes.map((outcome) => outcome.sample)).toEqual(samples);
    for (const outcome of outcomes) {
      const { sample } = outcome;
      const document = JSON.parse(await readFile(path.join(SAMPLES, sample), 'utf8')) as Record<string, unknown>;
      if (!outcome.ingested) {
        expect(outcome.error.name, `${sample}: ${outcome.error.stack}`).toBe('SpecError');
        expect(outcome.error.message, sample).toMatch(new RegExp(`^oas/${sample.replaceAll('.', '\\.')}: \\S`));
        expect(outcome.error.message, sample).not.toContain('\n');
        expect(outcome.wroteSpec, `${sample} failed but wrote spec.yaml`).toBe(false);
        continue;
      }
      const written = await parseIngestedSpec(outcome.specText, sample, new AbortController().signal);
      expect(written.operations.length, sample).toBe(declaredOperations(document));
      expect(new Set(written.operations.map((op) => op.id)).size, `${sample}: operation ids are unique`).toBe(written.operations.length);
      for (const op of written.operations) {
        const declaredId = (document.paths as Record<string, Record<string, { operationId?: unknown }>>)[op.path]?.[op.method.toLowerCase()]?.operationId;
        // An operationId with spaces or slashes is made safe (`find pet by id` → `find_pet_by_id`).
        if (typeof declaredId === 'string' && /^[\w.-]+$/.test(declaredId)) expect(op.id, sample).toBe(declaredId);
      }
      expect(danglingRefs(written), sample).toEqual([]);
      expect(outcome.summary, sample).toContain(`${written.operations.length} operation`);
    }
  });

  it("circular-paths: a $ref to another operation's circular schema resolves inside spec.yaml", async () => {
    const { spec } = await ingest('3.0/json/circular-paths.json');
    expect(danglingRefs(spec)).toEqual([]);
  });
});
