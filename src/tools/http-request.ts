import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS, HttpRequestError, type HttpResponse, sendRequest } from '../engines/http/send-request.js';
import { ToolError, defineTool } from './tool.js';

export const MAX_SHOWN_BODY_CHARS = 8 * 1024;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Headers worth the model's attention; the rest are only counted. */
const NOTABLE_HEADERS = new Set([
  'content-type', 'content-encoding', 'location', 'retry-after', 'www-authenticate', 'allow', 'set-cookie',
  'etag', 'x-request-id', 'access-control-allow-origin',
]);
const RATE_LIMIT_HEADER = /^(x-)?ratelimit/;

const schema = z.strictObject({
  // Models often write `get`; the case of a method name carries no meaning for the user.
  method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(METHODS)).describe('HTTP method'),
  url: z.string().min(1).describe('absolute http:// or https:// URL; {{VAR}} placeholders are resolved'),
  headers: z.record(z.string(), z.string()).optional().describe('request headers, e.g. {"Authorization": "Bearer …"}'),
  body: z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .optional()
    .describe('a string is sent as is; an object or array as JSON'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(600_000)
    .optional()
    .describe(`give up after this many milliseconds (default ${DEFAULT_TIMEOUT_MS})`),
});

export const httpRequestTool = defineTool({
  name: 'http_request',
  description: 'Send one HTTP request and show the status, timing, notable headers and body (redirects are not followed).',
  schema,
  kind: 'network',
  async run(args, ctx) {
    const { variables } = ctx;
    const response = await sendRequest({
      method: args.method,
      url: await variables.resolve(args.url),
      headers: args.headers && (await variables.resolveDeep(args.headers)),
      body: args.body === undefined ? undefined : await variables.resolveDeep(args.body),
      timeoutMs: args.timeout_ms,
      signal: ctx.signal,
    }).catch((error: unknown) => {
      if (error instanceof HttpRequestError) throw new ToolError(error.message);
      throw error;
    });
    return describeResponse(response);
  },
});

export function describeResponse(response: HttpResponse): string {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const lines = [`${status} · ${response.durationMs} ms · ${formatBytes(response.sizeBytes)}`, ...describeHeaders(response.headers)];
  return `${lines.join('\n')}\n\n${describeBody(response)}`;
}

function describeHeaders(headers: HttpResponse['headers']): string[] {
  const names = Object.keys(headers);
  const notable = names.filter((name) => NOTABLE_HEADERS.has(name) || RATE_LIMIT_HEADER.test(name));
  const lines = notable.flatMap((name) => {
    const values = ([] as string[]).concat(headers[name] ?? []);
    return values.map((value) => `${name}: ${name === 'set-cookie' ? maskCookie(value) : value}`);
  });
  const others = names.length - notable.length;
  if (others > 0) lines.push(`(${others} more header${others === 1 ? '' : 's'})`);
  return lines;
}

/** `session=abc; Path=/` → `session=***; Path=/`: the model needs the cookie's name and attributes, not its value. */
function maskCookie(cookie: string): string {
  return cookie.replace(/^([^=;]*)=([^;]*)/, (_, name: string) => `${name}=***`);
}

function describeBody(response: HttpResponse): string {
  if (response.sizeBytes === 0) return '(empty body)';
  const contentType = String(response.headers['content-type'] ?? '');
  if (isBinary(response.body, contentType)) {
    return `(binary body, ${formatBytes(response.sizeBytes)}${contentType ? `, ${contentType}` : ''} — not shown)`;
  }
  const text = prettyJson(response.body, contentType) ?? response.body;
  if (text.length <= MAX_SHOWN_BODY_CHARS && !response.bodyTruncated) return text;
  return `${text.slice(0, MAX_SHOWN_BODY_CHARS)}\n… (truncated, ${formatBytes(response.sizeBytes)} in total)`;
}

function prettyJson(body: string, contentType: string): string | undefined {
  if (!/json/i.test(contentType) && !/^\s*[[{]/.test(body)) return undefined;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return undefined;
  }
}

function isBinary(body: string, contentType: string): boolean {
  if (/^(text\/|application\/(.*\+)?(json|xml|javascript|x-www-form-urlencoded|yaml|graphql))/i.test(contentType)) return false;
  return body.slice(0, 8192).includes('\0') || /^(image|audio|video|font)\/|octet-stream|pdf|zip/i.test(contentType);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}
