import { z } from 'zod';
import type { AssertionResult } from '../../../engines/assertions/assert-response.js';
import { OPERATORS } from '../../../engines/assertions/expectation-operators.js';
import { LAST_RESPONSE } from '../../../engines/http/response-store.js';
import { describeNamedResponse, namedResponse } from './named-response.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

const status = z.union([z.number().int().min(100).max(599), z.string().regex(/^[1-5]xx$/i, 'give a status code or a class such as "2xx"')]);
const texts = z.union([z.string(), z.array(z.string())]);

const schema = z.strictObject({
  response: z.string().min(1).optional().describe(`stored response name (default "${LAST_RESPONSE}")`),
  status_code: status.optional().describe('e.g. 200 or "2xx"'),
  status_in: z.array(status).min(1).optional().describe('one of these, e.g. [200, 201]'),
  headers: z
    .record(z.string(), z.union([z.string(), z.number(), z.record(z.string(), z.unknown())]))
    .optional()
    .describe('name → exact value or operator object, e.g. {"matches": "^max-age"}'),
  headers_not_present: z.array(z.string()).optional().describe('headers that must be absent'),
  body_contains: texts.optional().describe('text(s) the body must contain'),
  body_not_contains: texts.optional().describe('text(s) the body must not contain'),
  body_equals: z.unknown().optional().describe('the whole body: a JSON value, or text'),
  body_matches_regex: z.string().optional().describe('regex the body must match: "pattern" or "/pattern/flags"'),
  json_path: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(`JSONPath → value or operator object (${OPERATORS.join(', ')}), e.g. {"$.id": 7, "$.items": {"length": 2}}`),
  response_time_max_ms: z.number().positive().optional().describe('most milliseconds the response may take'),
  content_type: z.string().optional().describe('expected media type, e.g. "application/json"'),
});

export const assertResponseTool = defineTool({
  name: 'assert_response',
  description: 'Check a stored response (status, headers, body, JSONPath values, time); lists every failed assertion.',
  schema,
  kind: 'read',
  readOnly: true,
  async run(args, ctx) {
    const name = args.response ?? LAST_RESPONSE;
    const response = namedResponse(ctx, name);
    const list = (value: string | string[] | undefined) => (value === undefined ? undefined : ([] as string[]).concat(value));
    const [{ AssertionSpecError, assertResponse }, { JsonPathError }] = await Promise.all([
      import('../../../engines/assertions/assert-response.js'),
      import('../../../engines/assertions/json-path.js'),
    ]);
    let results: AssertionResult[];
    try {
      results = assertResponse(response, {
        statusCode: args.status_code,
        statusIn: args.status_in,
        headers: args.headers,
        headersNotPresent: args.headers_not_present,
        bodyContains: list(args.body_contains),
        bodyNotContains: list(args.body_not_contains),
        bodyEquals: args.body_equals,
        bodyMatchesRegex: args.body_matches_regex,
        jsonPath: args.json_path,
        responseTimeMaxMs: args.response_time_max_ms,
        contentType: args.content_type,
      });
    } catch (error) {
      if (error instanceof AssertionSpecError || error instanceof JsonPathError) throw new ToolError(`Nothing was checked: ${error.message}`);
      throw error;
    }
    if (results.length === 0) {
      throw new ToolError('No assertion given: use status_code, headers, body_contains, json_path, response_time_max_ms, … (see the parameters).');
    }
    return maskText(describeResults(results, describeNamedResponse(name, response)));
  },
});

function describeResults(results: AssertionResult[], where: string): string {
  const failures = results.filter((result) => !result.passed);
  const count = `${results.length} assertion${results.length === 1 ? '' : 's'}`;
  if (failures.length === 0) return `✓ ${count} passed (${where})`;
  const lines = failures.map((failure) => `- ${failure.subject}: expected ${failure.expected}, actual ${failure.actual}`);
  return [`✗ ${failures.length} of ${count} failed (${where})`, ...lines].join('\n');
}
