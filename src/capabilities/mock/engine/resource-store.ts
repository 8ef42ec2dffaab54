import type { FalconSpec, JsonSchema, SpecOperation } from '../../../engines/spec/spec-format.js';
import { flattenSchema, schemaTypes } from '../../../engines/testing/generate/schema-shape.js';
import type { SeededRandom } from '../../../engines/testing/generate/seeded-random.js';

type Resource = Record<string, unknown>;

/** How an operation acts on the store, read from its method and path. */
export type StoreAction =
  | { kind: 'create'; collection: string }
  | { kind: 'list'; collection: string }
  | { kind: 'read' | 'replace' | 'update' | 'delete'; collection: string; id: string };

/**
 * The objects a `--stateful` mock holds: by collection (`/pets`, `/users/7/posts`: the path up to
 * the item's id, its earlier parameters filled), each object under its id, in the order created.
 */
export class ResourceStore {
  private readonly collections = new Map<string, Map<string, Resource>>();
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly spec: FalconSpec,
    private readonly random: SeededRandom,
  ) {}

  list(collection: string): Resource[] {
    return [...(this.collections.get(collection)?.values() ?? [])];
  }

  get(collection: string, id: string): Resource | undefined {
    return this.collections.get(collection)?.get(id);
  }

  /** Stores `object` under a new id of `idField`'s schema (a number counted up, a UUID, else counted text); returns it with its id. */
  create(collection: string, object: Resource, idField: string, idSchema: JsonSchema | undefined): Resource {
    const stored = { ...object, [idField]: this.newId(collection, idSchema) };
    let items = this.collections.get(collection);
    if (!items) this.collections.set(collection, (items = new Map()));
    items.set(String(stored[idField]), stored);
    return stored;
  }

  /** Puts `object` in place of the one stored under `id`; false when there is none. */
  put(collection: string, id: string, object: Resource): boolean {
    const items = this.collections.get(collection);
    if (!items?.has(id)) return false;
    items.set(id, object);
    return true;
  }

  delete(collection: string, id: string): boolean {
    return this.collections.get(collection)?.delete(id) ?? false;
  }

  private newId(collection: string, schema: JsonSchema | undefined): unknown {
    const count = (this.counters.get(collection) ?? 0) + 1;
    this.counters.set(collection, count);
    const flat = schema ? flattenSchema(schema, this.spec) : {};
    const types = schemaTypes(flat);
    if (types.includes('integer') || types.includes('number')) return count;
    if (flat.format === 'uuid') return uuid(this.random);
    return String(count);
  }
}

/** What an operation does to the store, or undefined for an operation it has nothing to do with. */
export function storeAction(operation: SpecOperation, pathParams: Record<string, string>, creatable: ReadonlySet<string>): StoreAction | undefined {
  const segments = operation.path.replace(/\/$/, '').split('/');
  const last = segments.at(-1) ?? '';
  const itemParameter = /^\{([^{}]+)\}$/.exec(last)?.[1];
  if (itemParameter !== undefined) {
    const collectionTemplate = segments.slice(0, -1).join('/');
    if (!creatable.has(collectionTemplate)) return undefined;
    const collection = filled(collectionTemplate, pathParams);
    const id = pathParams[itemParameter] ?? '';
    const kind = ({ GET: 'read', PUT: 'replace', PATCH: 'update', DELETE: 'delete' } as const)[operation.method];
    return kind && { kind, collection, id };
  }
  if (operation.method === 'POST') return { kind: 'create', collection: filled(operation.path.replace(/\/$/, ''), pathParams) };
  if (operation.method === 'GET' && creatable.has(operation.path.replace(/\/$/, '')))
    return { kind: 'list', collection: filled(operation.path.replace(/\/$/, ''), pathParams) };
  return undefined;
}

/** The collection templates a POST creates in (`/pets`). */
export function creatableCollections(operations: readonly SpecOperation[]): Set<string> {
  return new Set(
    operations.filter((operation) => operation.method === 'POST' && !/\}\/?$/.test(operation.path)).map((operation) => operation.path.replace(/\/$/, '')),
  );
}

function filled(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^{}]+)\}/g, (_, name: string) => values[name] ?? '');
}

function uuid(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
