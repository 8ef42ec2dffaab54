import { resolveRequest } from '../http/resolve-request.js';
import { savedRequestParts } from '../requests/saved-request-parts.js';
import { listSavedNames, loadSavedRequest, SavedRequestError } from '../../workspace/saved-requests.js';
import { PLACEHOLDER, type VariableScope } from '../../workspace/variable-scope.js';
import type { PerfTarget } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';
import { toPerfRequest } from './to-perf-request.js';

const FROM_BASE_URL = /^\s*\{\{\s*BASE_URL\s*\}\}/;
const HTTP_METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface UrlTargetInput {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One URL, `{{VAR}}` filled in. A body that is a JSON object or array (its placeholders aside) is
 * sent as application/json unless a content-type is given: servers ignore JSON sent without one.
 */
export async function urlTarget(input: UrlTargetInput, variables: VariableScope): Promise<PerfTarget> {
  const method = (input.method ?? 'GET').toUpperCase();
  if (!HTTP_METHOD.test(method)) throw new PerfUsageError(`"${input.method}" is not an HTTP method such as GET or POST`);
  const headers = withJsonContentType(input.headers ?? {}, input.body);
  const parts = await resolveRequest({ method, url: input.url, headers, ...(input.body !== undefined && { body: input.body }) }, variables);
  const request = toPerfRequest(parts);
  return { requests: [request], target: request.label, baseUrl: await baseUrlOf(input.url, request.url, variables) };
}

/** A saved request (`.falcon/requests/NAME.yaml`) with the active environment; `headers` are added over its own. */
export async function savedRequestTarget(projectRoot: string, name: string, headers: Record<string, string>, variables: VariableScope): Promise<PerfTarget> {
  const saved = await loadSavedRequest(projectRoot, name).catch((error: unknown) => unknownSavedRequest(error, projectRoot));
  const parts = savedRequestParts(saved);
  const resolved = await resolveRequest({ ...parts, headers: { ...parts.headers, ...headers } }, variables);
  const request = toPerfRequest(resolved, name);
  return { requests: [request], target: `request ${name} (${request.method} ${request.url})`, baseUrl: await baseUrlOf(parts.url, request.url, variables) };
}

/** `{{BASE_URL}}` filled in when the URL was written from it, else the origin it goes to. */
async function baseUrlOf(template: string, url: string, variables: VariableScope): Promise<string> {
  if (FROM_BASE_URL.test(template)) {
    // Without its trailing slash: the path after it starts with one, however the base is written elsewhere.
    const base = (await variables.resolve('{{BASE_URL}}')).replace(/\/+$/, '');
    if (base !== '' && url.startsWith(base)) return base;
  }
  return new URL(url).origin;
}

function withJsonContentType(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  if (body === undefined || !isJsonContainer(body) || Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) return headers;
  return { ...headers, 'content-type': 'application/json' };
}

function isJsonContainer(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text.replace(PLACEHOLDER, '0'));
    return true;
  } catch {
    return false;
  }
}

async function unknownSavedRequest(error: unknown, projectRoot: string): Promise<never> {
  if (!(error instanceof SavedRequestError) || !error.message.startsWith('No saved request')) throw error;
  const names = await listSavedNames(projectRoot, 'requests');
  throw new PerfUsageError(`${error.message} ${names.length > 0 ? `Saved requests: ${names.join(', ')}.` : 'There are no saved requests yet.'}`);
}
