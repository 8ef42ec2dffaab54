import { asArray, asObject, asString, type JsonObject } from '../../../../engines/spec/json-values.js';
import type { SecurityScheme, SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { FlowRequest } from '../../../../engines/flow-files/flow-format.js';

/**
 * A Postman item as a flow's inline request, from the operation the spec reader made of it: the URL
 * as written (`{{baseUrl}}/users/:id` → `{{baseUrl}}/users/{{id}}`), query, headers, body and auth.
 * A credential written as a literal is replaced by an `{{env:NAME}}` placeholder, said in `notes`.
 */
export function flowRequestOf(
  item: JsonObject,
  operation: SpecOperation,
  schemes: Record<string, SecurityScheme>,
  inheritedAuth: unknown,
): { request: FlowRequest; notes: string[] } {
  const notes: string[] = [];
  const postman = asObject(item.request) ?? {};
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query') query[parameter.name] = parameter.example === undefined ? '' : String(parameter.example);
    if (parameter.in === 'header')
      headers[parameter.name] =
        parameter.example === undefined ? credential(parameter.name, rawHeader(postman, parameter.name), notes) : String(parameter.example);
  }
  const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (mediaType && !mediaType.includes('json')) headers['Content-Type'] = mediaType;
  const [schemeName] = Object.keys(operation.security?.[0] ?? {});
  const scheme = schemeName === undefined ? undefined : schemes[schemeName];
  if (schemeName !== undefined && scheme) addAuth(schemeName, scheme, asObject(postman.auth ?? inheritedAuth), headers, query, notes);
  const request: FlowRequest = {
    method: operation.method,
    url: rawUrl(postman.url),
    ...(Object.keys(headers).length > 0 && { headers }),
    ...(Object.keys(query).length > 0 && { query }),
    ...(content?.example !== undefined && { body: content.example }),
  };
  return { request, notes };
}

function rawUrl(value: unknown): string {
  const url = asObject(value);
  const raw = asString(url?.raw) ?? asString(value) ?? `${asArray(url?.host).map(String).join('.')}/${asArray(url?.path).map(String).join('/')}`;
  return raw.replace(/[?#].*$/, '').replace(/\/:([A-Za-z_][\w-]*)/g, '/{{$1}}');
}

function rawHeader(request: JsonObject, name: string): string {
  const header = asArray(request.header)
    .map(asObject)
    .find((entry) => asString(entry?.key) === name);
  return asString(header?.value) ?? '';
}

/** A credential's value: kept when it is read from a variable, else an `{{env:NAME}}` placeholder. */
function credential(label: string, value: string, notes: string[]): string {
  if (/\{\{[^}]+\}\}/.test(value)) return value;
  const name =
    label
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'SECRET';
  notes.push(`the ${label} value is read from {{env:${name}}}: set ${name} in the environment`);
  return `{{env:${name}}}`;
}

function addAuth(
  type: string,
  scheme: SecurityScheme,
  auth: JsonObject | undefined,
  headers: Record<string, string>,
  query: Record<string, string>,
  notes: string[],
): void {
  const settings = Object.fromEntries(asArray(auth?.[type]).map((entry) => [String(asObject(entry)?.key), asString(asObject(entry)?.value) ?? '']));
  if (scheme.type === 'http' && scheme.scheme === 'bearer') headers.Authorization = `Bearer ${credential('token', settings.token ?? '', notes)}`;
  else if (scheme.type === 'apiKey' && scheme.name)
    (scheme.in === 'query' ? query : headers)[scheme.name] = credential(scheme.name, settings.value ?? '', notes);
  else notes.push(`not converted: ${type} auth (set its header in the step)`);
}
