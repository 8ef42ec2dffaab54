import type { FalconSpec, JsonSchema, SpecOperation } from '../../../engines/spec/spec-format.js';
import { flattenSchema, schemaTypes } from '../../../engines/testing/generate/schema-shape.js';
import { successKey } from './documented-status.js';
import type { MockAnswer } from './mock-answer.js';
import type { MockAnswers } from './mock-answers.js';
import { creatableCollections, type ResourceStore, storeAction } from './resource-store.js';
import type { ResponseValues } from './response-values.js';

type Resource = Record<string, unknown>;

const LIMIT_NAMES = ['limit', 'per_page', 'perPage', 'pageSize', 'page_size', 'size'];
const OFFSET_NAMES = ['offset', 'skip'];
const TOTAL_NAMES = ['total', 'totalCount', 'total_count', 'count'];

/**
 * `--stateful`: a POST creates an object (the documented response's required fields, the request's over them,
 * a new id in the schema's id field), a GET of its path reads it, PUT and PATCH change it, DELETE
 * removes it (404 after), and the collection's GET lists what was created, a page at a time.
 * Operations that act on no collection are answered as without `--stateful`.
 */
export class StatefulAnswers {
  private readonly creatable: Set<string>;
  private readonly idFields = new Map<string, string>();

  constructor(
    private readonly spec: FalconSpec,
    private readonly store: ResourceStore,
    private readonly answers: MockAnswers,
    private readonly values: ResponseValues,
  ) {
    this.creatable = creatableCollections(spec.operations);
  }

  answer(operation: SpecOperation, pathParams: Record<string, string>, query: URLSearchParams, body: unknown): MockAnswer | undefined {
    const action = storeAction(operation, pathParams, this.creatable);
    const key = successKey(operation);
    if (!action || key === undefined) return undefined;
    if (action.kind === 'create') return this.create(operation, key, action.collection, body);
    if (action.kind === 'list') return this.list(operation, key, action.collection, query);
    const stored = this.store.get(action.collection, action.id);
    const itemParameter = /\{([^{}]+)\}\/?$/.exec(operation.path)?.[1] ?? 'id';
    if (!stored) return this.answers.refusal(operation, 404, [`no object with ${itemParameter} ${action.id}: it was never created, or deleted`]);
    switch (action.kind) {
      case 'read':
        return this.answers.withValue(operation, key, stored);
      case 'delete':
        this.store.delete(action.collection, action.id);
        return this.answers.documented(operation, key);
      case 'replace':
      case 'update': {
        const idField = this.idFields.get(action.collection) ?? 'id';
        const changes = isObject(body) ? body : {};
        const changed = action.kind === 'update' ? { ...stored, ...changes, [idField]: stored[idField] } : { ...changes, [idField]: stored[idField] };
        this.store.put(action.collection, action.id, changed);
        return this.answers.withValue(operation, key, changed);
      }
    }
  }

  private create(operation: SpecOperation, key: string, collection: string, body: unknown): MockAnswer | undefined {
    const documented = this.values.of(operation, key);
    if (!isObject(documented?.value) && !isObject(body)) return undefined;
    const schema = documented?.schema ? flattenSchema(documented.schema, this.spec) : {};
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const idField = idFieldOf(properties, operation);
    this.idFields.set(collection, idField);
    // What the schema requires comes from the documented answer, the rest from the request alone.
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const base = isObject(documented?.value) ? Object.fromEntries(Object.entries(documented.value).filter(([name]) => required.has(name))) : {};
    const object: Resource = { ...base, ...(isObject(body) ? body : {}) };
    const created = this.store.create(collection, object, idField, properties[idField]);
    return this.answers.withValue(operation, key, created);
  }

  private list(operation: SpecOperation, key: string, collection: string, query: URLSearchParams): MockAnswer {
    const all = this.store.list(collection);
    const limit = numberOf(query, LIMIT_NAMES);
    const page = numberOf(query, ['page']);
    const offset = numberOf(query, OFFSET_NAMES) ?? (page !== undefined && limit !== undefined ? (page - 1) * limit : 0);
    const items = all.slice(Math.max(offset, 0), limit === undefined ? undefined : Math.max(offset, 0) + limit);
    const documented = this.values.of(operation, key);
    const schema = documented?.schema ? flattenSchema(documented.schema, this.spec) : {};
    if (!isObject(documented?.value) || schemaTypes(schema).includes('array')) return this.answers.withValue(operation, key, items);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const listName = Object.keys(properties).find((name) => schemaTypes(flattenSchema(properties[name], this.spec)).includes('array'));
    const totalName = TOTAL_NAMES.find((name) => name in properties);
    return this.answers.withValue(operation, key, {
      ...documented.value,
      ...(listName && { [listName]: items }),
      ...(totalName && { [totalName]: all.length }),
    });
  }
}

/** `id`, else the property named as the item's path parameter, else the first ending in id. */
function idFieldOf(properties: Record<string, JsonSchema>, operation: SpecOperation): string {
  if ('id' in properties) return 'id';
  const names = Object.keys(properties);
  const singular = operation.path.split('/').filter(Boolean).at(-1)?.replace(/s$/, '') ?? '';
  return names.find((name) => name.toLowerCase() === `${singular.toLowerCase()}id`) ?? names.find((name) => /id$/i.test(name)) ?? 'id';
}

function numberOf(query: URLSearchParams, names: string[]): number | undefined {
  for (const name of names) {
    const value = Number(query.get(name));
    if (query.has(name) && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

function isObject(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
