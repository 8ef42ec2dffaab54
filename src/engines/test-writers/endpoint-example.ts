import type { StoredResponse } from '../http/response-store.js';
import type { Endpoint } from './endpoint.js';

/** What the response body should look like, as far as is known. */
export type BodyShape =
  | { kind: 'object'; keys: string[] }
  | { kind: 'array'; itemKeys: string[] }
  | { kind: 'empty' }
  /** Nothing known beyond "JSON". */
  | { kind: 'json' };

/** One concrete request to the endpoint and what it should answer. */
export interface EndpointExample {
  method: string;
  /** Concrete path, parameters filled in. */
  path: string;
  requestBody?: unknown;
  status: number;
  body: BodyShape;
  /** The example comes from a response of this session (else from conventions). */
  observed: boolean;
}

/**
 * An example for the endpoint: the latest successful response of this session to a matching
 * request, when there is one (its path, request body, status and top-level keys); otherwise the
 * usual status for the method and sample parameter values.
 */
export function endpointExample(endpoint: Endpoint, responses: readonly StoredResponse[]): EndpointExample {
  const seen = [...responses]
    .filter((response) => response.status < 400 && response.request.method.toUpperCase() === endpoint.method && matches(endpoint, pathOf(response.request.url)))
    .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())[0];
  if (seen) {
    return {
      method: endpoint.method,
      path: pathOf(seen.request.url),
      requestBody: parseJson(seen.request.body),
      status: seen.status,
      body: shapeOf(seen.body),
      observed: true,
    };
  }
  const filled = endpoint.segments.map((segment) => ('param' in segment ? sampleValue(segment.param) : segment.literal)).join('/');
  // Django and others redirect `/items` to `/items/`: keep the slash the endpoint was given with.
  const path = `/${filled}${filled && endpoint.template.endsWith('/') ? '/' : ''}`;
  const status = endpoint.method === 'POST' ? 201 : endpoint.method === 'DELETE' ? 204 : 200;
  const sendsBody = ['POST', 'PUT', 'PATCH'].includes(endpoint.method);
  return {
    method: endpoint.method,
    path,
    requestBody: sendsBody ? {} : undefined,
    status,
    body: status === 204 ? { kind: 'empty' } : { kind: 'json' },
    observed: false,
  };
}

function matches(endpoint: Endpoint, path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return parts.length === endpoint.segments.length && endpoint.segments.every((segment, i) => 'param' in segment || segment.literal === parts[i]);
}

function shapeOf(body: string): BodyShape {
  if (body.trim() === '') return { kind: 'empty' };
  const value = parseJson(body);
  if (Array.isArray(value)) {
    const [first] = value;
    return { kind: 'array', itemKeys: first && typeof first === 'object' && !Array.isArray(first) ? Object.keys(first) : [] };
  }
  if (value && typeof value === 'object') return { kind: 'object', keys: Object.keys(value) };
  return { kind: 'json' };
}

function sampleValue(name: string): string {
  return /uuid|guid/i.test(name) ? '00000000-0000-4000-8000-000000000001' : /slug|name/i.test(name) ? 'example' : '1';
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
