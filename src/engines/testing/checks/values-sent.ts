import { pathValuesInUrl } from '../warnings/sent-path-values.js';
import type { FilledReference, ReferenceSource } from '../sent-record.js';
import type { CheckContext } from './check-context.js';

const MAX_BODY_CHARS = 200;
const MAX_QUERY_CHARS = 200;

/**
 * The values a request sent, as a finding names them: `path customerId 7; query limit=5; body
 * {"customerId":7,"item":"pen"}`, then where each reference filled from the API's own data or the
 * seed data came from (`customerId 7 from createCustomer/happy/valid $.id`). From the request as it
 * went out (masked) when known, else the case's own. Empty when it sent none.
 */
export function valuesSent({ testCase, operation, sent }: Pick<CheckContext, 'testCase' | 'operation' | 'sent'>): string {
  const parts: string[] = [];
  const request = testCase.request;
  const url = sent?.request.url;
  const path = (url && operation && pathValuesInUrl(operation.path, url)) || stringValues(request.pathParams);
  const pathText = Object.entries(path).map(([name, value]) => `${name} ${value}`);
  if (pathText.length > 0) parts.push(`path ${pathText.join(', ')}`);
  const query = url ? queryOf(url) : new URLSearchParams(Object.entries(stringValues(request.query)));
  const queryText = query.toString();
  if (queryText) parts.push(`query ${cut(decodeURIComponent(queryText.replaceAll('+', ' ')), MAX_QUERY_CHARS)}`);
  const body = sent
    ? sent.request.body
    : request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  if (body !== undefined && body !== '') parts.push(`body ${cut(body.replace(/\s+/g, ' '), MAX_BODY_CHARS)}`);
  const origins = (sent?.references ?? []).map(origin);
  return [parts.join('; '), origins.length > 0 ? `(${origins.join('; ')})` : ''].filter(Boolean).join(' ');
}

/** `customerId 7 from createCustomer/happy/valid $.id`, `… from its Location header`, `… from seed.yaml`. */
function origin(reference: FilledReference): string {
  return `${reference.slot} ${reference.value} from ${sourceText(reference.from)}`;
}

export function sourceText(source: ReferenceSource): string {
  if ('seed' in source) return source.seed;
  if ('header' in source) return `${source.case}'s Location header`;
  return `${source.case} ${source.jsonPath}`;
}

function queryOf(url: string): URLSearchParams {
  try {
    return new URL(url).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

function stringValues(values: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
}

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
