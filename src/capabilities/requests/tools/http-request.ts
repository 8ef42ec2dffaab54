import { z } from 'zod';
import { describeServerWords } from '../../../engines/api-server/describe-server-log.js';
import { HttpRequestError } from '../../../engines/http/http-request-error.js';
import { resolveRequest } from '../../../engines/http/resolve-request.js';
import { DEFAULT_TIMEOUT_MS, sendRequest } from '../../../engines/http/send-request.js';
import { toStoredResponse } from '../../../engines/http/stored-response.js';
import { UnknownVariableError, WithheldVariableError } from '../../../workspace/variable-scope.js';
import { describeResponse, responseDetails } from './describe-response.js';
import { redirectRefusal } from './redirect-approval.js';
import { multipartFields } from './upload-files.js';
import { OTHER_ORIGINS_ASK, otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { urlTarget } from '../../../kit/tool/tool-target.js';
import { maskText } from '../../../safety/mask-text.js';
import { requestBeyondReading } from '../../../kit/tool-support/request-effect.js';
import { factArgument, firstLineOf } from '../../../kit/tool/call-facts.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

const paramValue = z.union([z.string(), z.number(), z.boolean()]);
const paramMap = z.record(z.string(), z.union([paramValue, z.array(paramValue)]));

const schema = z.strictObject({
  // Models often write `get`; the case of a method name carries no meaning for the user.
  method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(METHODS)).describe('HTTP method'),
  url: z.string().min(1).describe('absolute http(s) URL; {{VAR}} placeholders are resolved'),
  headers: z.record(z.string(), z.string()).optional().describe('e.g. {"Authorization": "Bearer {{TOKEN}}"}'),
  query: paramMap.optional().describe('query parameters; an array repeats the key: {"tag": ["a", "b"]}'),
  body: z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .optional()
    .describe('an object or array is sent as JSON, a string as is'),
  form: paramMap.optional().describe('fields sent form-urlencoded, instead of body'),
  multipart: z
    .record(
      z.string(),
      z.union([
        paramValue,
        z.strictObject({
          file: z.string().min(1).describe('project path'),
          filename: z.string().min(1).optional(),
          content_type: z.string().min(1).optional(),
        }),
      ]),
    )
    .optional()
    .describe('multipart/form-data fields; a file as {"file": "path"}'),
  timeout_ms: z.number().int().min(1).max(600_000).optional().describe(`give up after this many ms, redirects included (default ${DEFAULT_TIMEOUT_MS})`),
  follow_redirects: z.boolean().optional().describe('follow up to 10 redirects (default false: a 3xx is the answer)'),
  save_as: z
    .string()
    .regex(/^[A-Za-z_][\w.-]*$/, 'a name of letters, digits, _ . -')
    .optional()
    .describe('also keep the response under this name (it is always "last")'),
});

export const httpRequestTool = defineTool({
  name: 'http_request',
  description: 'Send one HTTP request (session cookies kept); shows status, timing, notable headers and body.',
  schema,
  kind: 'network',
  target: urlTarget('url'),
  readOnly: (args) => requestBeyondReading(args.method, args.headers),
  approvalWhen: OTHER_ORIGINS_ASK,
  // Sent or not: `GET {{BASE_URL}}/users → HTTP 200 OK`, or the error that stopped it.
  facts: ({ args, text }) => ({
    requests: [`${factArgument(args, 'method')?.toUpperCase() ?? 'GET'} ${factArgument(args, 'url') ?? '?'} → ${firstLineOf(text).split(' · ')[0]}`],
  }),
  async preview(args, ctx) {
    const url = await ctx.variables.resolve(args.url).catch(() => undefined);
    if (url === undefined) return undefined; // run() names the unknown variables
    const { method, headers, query, body, form, multipart } = args;
    const carries = { url: args.url, headers, query, body, form, multipart };
    // A model key in it: run() refuses the request, so there is nothing to ask about.
    if (
      await ctx.variables.resolveDeep(carries).then(
        () => false,
        (error: unknown) => error instanceof WithheldVariableError,
      )
    )
      return undefined;
    return otherOriginPreview({ what: method, url, carries }, ctx);
  },
  async run(args, ctx) {
    const parts = await resolveRequest(
      { method: args.method, url: args.url, headers: args.headers, query: args.query, body: args.body, form: args.form },
      ctx.variables,
    ).catch(asToolError);
    const multipart = args.multipart && (await multipartFields(await ctx.variables.resolveDeep(args.multipart).catch(asToolError), ctx));
    const response = await sendRequest({
      ...parts,
      ...(multipart && { multipart }),
      timeoutMs: args.timeout_ms,
      followRedirects: args.follow_redirects,
      beforeRedirect: (step) => redirectRefusal(step, ctx),
      cookies: ctx.session.cookies,
      signal: ctx.signal,
    }).catch(asToolError);
    ctx.session.responses.remember(toStoredResponse(response), args.save_as);
    return { text: describeResponse(response, { savedAs: args.save_as }), details: responseDetails(response) };
  },
});

function asToolError(error: unknown): never {
  if (error instanceof HttpRequestError) {
    const server = describeServerWords(error.serverLog, error.serverNotes);
    throw new ToolError(maskText([error.message, ...server].join('\n')));
  }
  if (error instanceof UnknownVariableError) throw new ToolError(maskText(error.message));
  throw error;
}
