import { z } from 'zod';
import { LAST_RESPONSE } from '../../../engines/http/response-store.js';
import { describeNamedResponse, namedResponse } from './named-response.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskText } from '../../../safety/mask-text.js';

const MAX_SHOWN_ERRORS = 50;

const schema = z.strictObject({
  schema: z
    .union([z.record(z.string(), z.unknown()), z.string().min(1)])
    .optional()
    .describe('the JSON Schema as an object, or the path of a JSON/YAML schema file in the project'),
  schema_url: z.string().optional().describe('http(s) URL to fetch the schema from (instead of schema)'),
  response: z.string().min(1).optional().describe(`name of a stored response (default "${LAST_RESPONSE}")`),
});

type SchemaArgs = z.infer<typeof schema>;

export const validateJsonSchemaTool = defineTool({
  name: 'validate_json_schema',
  description: 'Validate a stored response body against a JSON Schema; lists every error by path.',
  schema,
  kind: 'read',
  readOnly: true,
  async run(args, ctx) {
    if ((args.schema === undefined) === (args.schema_url === undefined)) throw new ToolError('Give exactly one of schema or schema_url.');
    const name = args.response ?? LAST_RESPONSE;
    const response = namedResponse(ctx, name);
    const where = describeNamedResponse(name, response);
    const jsonSchema = await loadSchema(args, ctx);
    const [{ readResponseJson }, { JsonSchemaError, validateJsonSchema }] = await Promise.all([
      import('../../../engines/assertions/response-json.js'),
      import('../../../engines/assertions/json-schema.js'),
    ]);
    const body = readResponseJson(response);
    if (!body.ok) return maskText(`✗ Cannot validate (${where}): ${body.reason}`);
    let result: Awaited<ReturnType<typeof validateJsonSchema>>;
    try {
      result = await validateJsonSchema(jsonSchema, body.document);
    } catch (error) {
      if (error instanceof JsonSchemaError) throw new ToolError(`Not validated: ${error.message}`);
      throw error;
    }
    const draft = `draft ${result.draft}`;
    if (result.violations.length === 0) return maskText(`✓ The body matches the schema (${draft}; ${where})`);
    const count = result.violations.length;
    const lines = result.violations.slice(0, MAX_SHOWN_ERRORS).map((violation) => `- ${violation}`);
    if (count > MAX_SHOWN_ERRORS) lines.push(`… and ${count - MAX_SHOWN_ERRORS} more`);
    return maskText([`✗ ${count} schema error${count === 1 ? '' : 's'} (${draft}; ${where})`, ...lines].join('\n'));
  },
});

async function loadSchema(args: SchemaArgs, ctx: ToolContext): Promise<Record<string, unknown>> {
  const { SchemaSourceError, fetchSchema, parseSchemaText, readSchemaFile } = await import('../../../engines/assertions/load-json-schema.js');
  try {
    if (args.schema_url !== undefined) return await fetchSchema(args.schema_url, { signal: ctx.signal });
    if (typeof args.schema !== 'string') return args.schema as Record<string, unknown>;
    // Models sometimes pass the schema itself as JSON text rather than as an object.
    if (args.schema.trimStart().startsWith('{')) return parseSchemaText(args.schema, 'the schema argument');
    return await readSchemaFile(ctx.projectRoot, args.schema);
  } catch (error) {
    if (error instanceof SchemaSourceError) throw new ToolError(`Not validated: ${error.message}`);
    throw toToolError(error);
  }
}
