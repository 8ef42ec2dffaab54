import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { ScanRequest } from '../../scan-exchange.js';

const MALFORMED_JSON = '{"broken":';
const UNKNOWN_MEDIA_TYPE = 'application/x-falcon-unknown';

/**
 * Requests that make an operation fail without changing anything: a JSON body cut short, a body
 * of a media type no one parses (for operations that take a body), and text where the spec wants
 * a number or a uuid in the path or the query.
 */
export function errorProbes(operation: SpecOperation, request: ScanRequest): ScanRequest[] {
  const probes: ScanRequest[] = [];
  if (operation.requestBody || request.body !== undefined) {
    // Text encoding (contentType) under a JSON header: the client would otherwise send the text as a JSON string.
    probes.push(withBody(request, MALFORMED_JSON, 'text/plain', 'application/json'));
    probes.push(withBody(request, '<falcon/>', UNKNOWN_MEDIA_TYPE, UNKNOWN_MEDIA_TYPE));
  }
  const pathParams = wrongTypes(operation, 'path', request.pathParams);
  if (pathParams) probes.push({ ...request, pathParams });
  const query = wrongTypes(operation, 'query', request.query);
  if (query) probes.push({ ...request, query });
  return probes;
}

function withBody(request: ScanRequest, body: string, contentType: string, header: string): ScanRequest {
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'));
  return { ...request, body, contentType, headers: { ...headers, 'content-type': header } };
}

/** The values with each number or uuid parameter the spec describes given text it cannot be; undefined when there is none. */
function wrongTypes<T extends Record<string, unknown>>(operation: SpecOperation, location: 'path' | 'query', values: T | undefined): T | undefined {
  if (!values) return undefined;
  const changed: Record<string, unknown> = { ...values };
  let changes = 0;
  for (const parameter of operation.parameters) {
    if (parameter.in !== location || !(parameter.name in changed)) continue;
    const wrong = wrongValue(parameter.schema);
    if (wrong === undefined) continue;
    changed[parameter.name] = wrong;
    changes++;
  }
  return changes > 0 ? (changed as T) : undefined;
}

function wrongValue(schema: Record<string, unknown> | undefined): string | undefined {
  const types = ([] as unknown[]).concat(schema?.type ?? []);
  if (types.includes('integer') || types.includes('number')) return 'abc';
  return schema?.format === 'uuid' ? 'not-a-uuid' : undefined;
}
