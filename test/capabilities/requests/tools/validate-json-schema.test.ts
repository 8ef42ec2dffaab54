import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchSchema } from '../../../../src/engines/assertions/load-json-schema.js';
import { httpRequestTool } from '../../../../src/capabilities/requests/tools/http-request.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { validateJsonSchemaTool } from '../../../../src/capabilities/requests/tools/validate-json-schema.js';
import { makeResponse } from '../../../engines/assertions/make-response.js';
import { type AssertionApiServer, startAssertionApiServer } from '../../../apis/assertion-api-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: AssertionApiServer;
let project: TempProject;
let ctx: ToolContext;
beforeAll(async () => {
  api = await startAssertionApiServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await project.remove();
});

type Args = Parameters<typeof validateJsonSchemaTool.run>[0];
const validate = (args: Args) => validateJsonSchemaTool.run(args, ctx);

const ITEMS_YAML = `
$schema: https://json-schema.org/draft/2020-12/schema
type: object
required: [items]
properties:
  items:
    type: array
    items:
      type: object
      required: [id, price]
      properties:
        id: {type: integer}
        price: {type: number}
`;

describe('validate_json_schema', () => {
  it('validates the last response against a YAML schema file of the project', async () => {
    await project.write('schemas/items.yaml', ITEMS_YAML);
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/items` }, ctx);
    expect(await validate({ schema: 'schemas/items.yaml' })).toBe(
      `✓ The body matches the schema (draft 2020-12; response "last": GET ${api.url}/items → 200 OK)`,
    );
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/bad-items` }, ctx);
    expect(await validate({ schema: 'schemas/items.yaml' })).toBe(
      [`✗ 1 schema error (draft 2020-12; response "last": GET ${api.url}/bad-items → 200 OK)`, '- $.items[2].price: must be number, got "12"'].join('\n'),
    );
    await project.write('schemas/items.json', JSON.stringify({ type: 'object', properties: { items: { type: 'array', maxItems: 2 } } }));
    expect(await validate({ schema: 'schemas/items.json' })).toMatch(
      /^✗ 1 schema error \(draft 2020-12; .*\n- \$\.items: must NOT have more than 2 items, got 3 items$/,
    );
  });

  it('fetches a schema from a URL, and says why one cannot be fetched', async () => {
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/bad-items` }, ctx);
    expect(await validate({ schema_url: `${api.url}/schemas/items.json` })).toMatch(
      /^✗ 1 schema error \(draft 2020-12; .*\n- \$\.items\[2\]\.price: must be number, got "12"$/,
    );
    await expect(validate({ schema_url: `${api.url}/schemas/missing.json` })).rejects.toThrow(
      new ToolError(`Not validated: fetching ${api.url}/schemas/missing.json gave HTTP 404 Not Found`),
    );
    await expect(validate({ schema_url: 'file:///etc/passwd' })).rejects.toThrow(
      'Not validated: schema_url must be an http:// or https:// URL: file:///etc/passwd',
    );
    await expect(fetchSchema(`${api.url}/slow`, { timeoutMs: 150 })).rejects.toThrow(`timed out after 150 ms fetching ${api.url}/slow`);
  });

  it('takes the schema inline, as an object or as JSON text, and lists every error', async () => {
    ctx.session.responses.remember(makeResponse({ body: { email: 'nope', when: 'soon', id: 'x', extra: 1 } }), 'signup');
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      properties: { email: { format: 'email' }, when: { format: 'date-time' }, id: { format: 'uuid' } },
    };
    const expected = [
      '✗ 4 schema errors (draft 07; response "signup": GET http://127.0.0.1:9/things → 200 OK)',
      '- $: must NOT have additional properties: "extra"',
      '- $.email: must match format "email", got "nope"',
      '- $.when: must match format "date-time", got "soon"',
      '- $.id: must match format "uuid", got "x"',
    ].join('\n');
    expect(await validate({ schema, response: 'signup' })).toBe(expected);
    expect(await validate({ schema: JSON.stringify(schema), response: 'signup' })).toBe(expected);
  });

  it('refuses schema files outside the project, missing files and bad schemas', async () => {
    ctx.session.responses.remember(makeResponse({ body: { id: 1 } }));
    await expect(validate({ schema: '../outside/secret.txt' })).rejects.toThrow('path escapes the project: ../outside/secret.txt');
    await expect(validate({ schema: 'nope.json' })).rejects.toThrow('no such file: nope.json');
    await project.write('bad.yaml', 'type: [unclosed');
    await expect(validate({ schema: 'bad.yaml' })).rejects.toThrow(/^Not validated: bad\.yaml is neither JSON nor YAML: /);
    await expect(validate({ schema: { type: 'strnig' } })).rejects.toThrow(/^Not validated: the schema cannot be used: /);
    await expect(validate({ schema: { $schema: 'http://json-schema.org/draft-04/schema#' } })).rejects.toThrow(/^Not validated: unsupported \$schema/);
  });

  it('needs exactly one schema source and a stored response', async () => {
    await expect(validate({})).rejects.toThrow('Give exactly one of schema or schema_url.');
    await expect(validate({ schema: {}, schema_url: `${api.url}/schemas/items.json` })).rejects.toThrow('Give exactly one of schema or schema_url.');
    await expect(validate({ schema: {} })).rejects.toThrow('No response in this session yet: send one with http_request first.');
  });

  it('says so when the body is not JSON', async () => {
    ctx.session.responses.remember(makeResponse({ body: '<h1>Hello</h1>', headers: { 'content-type': 'text/html' } }));
    expect(await validate({ schema: { type: 'object' } })).toMatch(
      /^✗ Cannot validate \(response "last": .*\): the body is not JSON \(content-type text\/html\): /,
    );
  });
});
