import { asArray, asObject, asString, parseJsonOr, type JsonObject } from './json-values.js';
import { postmanBody } from './postman-body.js';
import type { SecurityRequirement, SecurityScheme, SpecOperation, SpecParameter, SpecResponse } from './spec-format.js';
import { uniqueId } from './unique-id.js';

export interface PostmanContext {
  ids: Set<string>;
  servers: Set<string>;
  securitySchemes: Record<string, SecurityScheme>;
}

/** Headers whose values are credentials: kept as parameters, never with their value. */
const SECRET_HEADER = /authorization|cookie|token|api[-_]?key|secret|password/i;
const URL_PARTS = /^((?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#]*)([^?#]*)(?:\?([^#]*))?/i;

/** A Postman auth block as a security requirement (registering its scheme); `noauth` is `[]`. */
export function postmanAuth(value: unknown, context: PostmanContext): SecurityRequirement[] {
  const auth = asObject(value);
  const type = asString(auth?.type);
  if (!auth || !type || type === 'noauth') return [];
  const scheme = schemeFor(type, auth);
  context.securitySchemes[type] = scheme;
  return [{ [type]: [] }];
}

function schemeFor(type: string, auth: JsonObject): SecurityScheme {
  if (type === 'bearer' || type === 'basic' || type === 'digest') return { type: 'http', scheme: type };
  if (type === 'apikey') {
    const settings = Object.fromEntries(asArray(auth.apikey).map((entry) => [String(asObject(entry)?.key), asObject(entry)?.value]));
    return { type: 'apiKey', in: settings.in === 'query' ? 'query' : 'header', name: asString(settings.key) ?? 'X-API-Key' };
  }
  if (type === 'oauth2') return { type: 'oauth2' };
  return { type };
}

/** One Postman request item as an operation; `{{var}}` placeholders are kept as they are. */
export function postmanRequest(item: JsonObject, folders: string[], inherited: SecurityRequirement[], context: PostmanContext): SpecOperation {
  const name = asString(item.name) ?? 'request';
  const request = asObject(item.request) ?? { url: item.request };
  const url = urlObject(request.url);
  const server = serverOf(url);
  if (server) context.servers.add(server);
  const parameters: SpecParameter[] = [];
  const segments = asArray(url.path).map((segment) => String(asObject(segment)?.value ?? segment));
  const path = `/${segments.map((segment) => segment.replace(/^:(.+)$/, '{$1}')).join('/')}`;
  for (const segment of segments.filter((part) => part.startsWith(':'))) {
    parameters.push({ name: segment.slice(1), in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const entry of asArray(url.query).map(asObject)) {
    if (entry?.key !== undefined && entry.disabled !== true) parameters.push(parameter(String(entry.key), 'query', entry.value));
  }
  const headers = asArray(request.header)
    .map(asObject)
    .filter((entry): entry is JsonObject => entry?.key !== undefined && entry.disabled !== true);
  for (const header of headers) {
    const key = String(header.key);
    if (key.toLowerCase() !== 'content-type') parameters.push(parameter(key, 'header', SECRET_HEADER.test(key) ? undefined : header.value));
  }
  const contentType = asString(headers.find((header) => String(header.key).toLowerCase() === 'content-type')?.value);
  const requestBody = postmanBody(request.body, contentType);
  const description = asString(asObject(request.description)?.content) ?? asString(request.description);
  return {
    id: uniqueId([...folders, name].join('_'), context.ids),
    method: (asString(request.method) ?? 'GET').toUpperCase(),
    path,
    summary: name,
    ...(description && { description }),
    tags: folders,
    parameters,
    ...(requestBody && { requestBody }),
    responses: savedResponses(item.response),
    security: request.auth === undefined ? inherited : postmanAuth(request.auth, context),
  };
}

function parameter(name: string, place: 'query' | 'header', value: unknown): SpecParameter {
  return { name, in: place, required: false, schema: { type: 'string' }, ...(value !== undefined && value !== null && { example: String(value) }) };
}

/** The structured form of a Postman URL, also for a URL given as a plain string. */
function urlObject(value: unknown): JsonObject {
  const object = asObject(value);
  if (object && (object.host !== undefined || object.path !== undefined)) return object;
  const raw = asString(object?.raw) ?? asString(value) ?? '';
  const [, origin = '', path = '', query] = URL_PARTS.exec(raw) ?? [];
  const queryEntries = query
    ?.split('&')
    .filter(Boolean)
    .map((pair) => ({ key: pair.split('=')[0], value: pair.split('=').slice(1).join('=') }));
  return { raw, host: [origin], path: path.split('/').filter(Boolean), ...(queryEntries && { query: queryEntries }) };
}

function serverOf(url: JsonObject): string | undefined {
  const host = asArray(url.host).map(String).join('.');
  if (!host) return undefined;
  const protocol = asString(url.protocol);
  const port = url.port === undefined ? '' : `:${String(url.port)}`;
  return `${protocol ? `${protocol}://` : ''}${host}${port}`;
}

/** Saved example responses: status → the example body, by its media type. */
function savedResponses(value: unknown): Record<string, SpecResponse> {
  const responses: Record<string, SpecResponse> = {};
  for (const entry of asArray(value).map(asObject)) {
    if (!entry) continue;
    const status = String(entry.code ?? 'default');
    const header = asArray(entry.header)
      .map(asObject)
      .find((item) => String(item?.key).toLowerCase() === 'content-type');
    const mediaType = asString(header?.value)?.split(';')[0] ?? (entry._postman_previewlanguage === 'json' ? 'application/json' : 'text/plain');
    const body = asString(entry.body);
    const example = body !== undefined && mediaType.includes('json') ? parseJsonOr(body) : body;
    responses[status] ??= {
      description: asString(entry.name) ?? asString(entry.status) ?? '',
      ...(example !== undefined && { content: { [mediaType]: { example } } }),
    };
  }
  return responses;
}
