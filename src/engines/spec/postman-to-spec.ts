import { asArray, asObject, asString, type JsonObject } from './json-values.js';
import { postmanAuth, postmanRequest, type PostmanContext } from './postman-request.js';
import type { ConvertedSpec, SpecOperation } from './spec-format.js';
import { SpecError } from './spec-error.js';
import type { SpecDocument } from './read-spec-source.js';
import { maskNamedValue } from '../../safety/secret-assignments.js';

/** A Postman collection (v2.0/v2.1), recognised by its `info.schema` or `_postman_id`. */
export function isPostmanCollection(document: JsonObject): boolean {
  const info = asObject(document.info);
  return Boolean(info && (/getpostman\.com|postman/i.test(asString(info.schema) ?? '') || typeof info._postman_id === 'string'));
}

/** A collection in Postman's v1 format (`requests` and `folders` lists at the top, no `info`), which we do not read. */
export function isPostmanV1Collection(document: JsonObject): boolean {
  return Array.isArray(document.requests) && typeof document.name === 'string' && document.info === undefined;
}

/** Flattens a Postman collection's folders into operations, the folder path kept as tags. */
export function postmanToSpec(spec: SpecDocument): ConvertedSpec {
  const { document } = spec;
  if (!Array.isArray(document.item)) throw new SpecError(`${spec.source}: a Postman collection needs an "item" list`);
  const info = asObject(document.info) ?? {};
  const context: PostmanContext = { ids: new Set(), servers: new Set(), securitySchemes: {} };
  const operations: SpecOperation[] = [];
  collect(document.item, [], postmanAuth(document.auth, context), context, operations);
  const variables = collectionVariables(document.variable);
  const description = asString(info.description);
  return {
    kind: 'postman',
    specVersion: /v(\d+\.\d+\.\d+)/.exec(asString(info.schema) ?? '')?.[1] ?? '2.1.0',
    title: asString(info.name) ?? 'Untitled collection',
    version: asString(asObject(info.version)?.identifier) ?? asString(info.version) ?? '',
    ...(description && { description }),
    servers: [...context.servers].map((url) => ({ url })),
    securitySchemes: context.securitySchemes,
    ...(Object.keys(variables).length > 0 && { variables }),
    operations,
  };
}

/** Walks folders depth first; a folder's auth applies to what it holds unless they set their own. */
function collect(items: unknown, folders: string[], auth: ReturnType<typeof postmanAuth>, context: PostmanContext, out: SpecOperation[]): void {
  for (const value of asArray(items)) {
    const item = asObject(value);
    if (!item) continue;
    const name = asString(item.name) ?? 'request';
    const ownAuth = item.auth === undefined ? auth : postmanAuth(item.auth, context);
    if (Array.isArray(item.item)) collect(item.item, [...folders, name], ownAuth, context, out);
    else if (item.request !== undefined) out.push(postmanRequest(item, folders, ownAuth, context));
  }
}

function collectionVariables(value: unknown): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const entry of asArray(value)) {
    const variable = asObject(entry);
    const key = asString(variable?.key);
    if (variable && key && variable.disabled !== true) variables[key] = maskNamedValue(key, variable.value === undefined ? '' : String(variable.value));
  }
  return variables;
}
