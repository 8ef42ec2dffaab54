/**
 * How names in a spec say which kind of thing they are about: a path's resource (`/customers` →
 * `customer`), the resource a reference names (`customerId` → `customer`). Resources are compared
 * as keys: lower case, letters and digits only, singular (`line_items`, `lineItems` → `lineitem`).
 */

/** `customerId`, `customer_id`, `customer-key`, `orderUUID`: the stem and the suffix that makes it a reference (not `paid`, `monkey`). */
const REFERENCE_SUFFIX = /^(.*?[a-z0-9])(?:(Id|ID|Key|KEY|Uuid|UUID)|[_-](id|key|uuid))$/i;
const CAMEL_SUFFIX = /[a-z0-9](Id|ID|Key|KEY|Uuid|UUID)$/;
/** Names that are references on their own: in a path they name the item of the path's resource. */
const BARE_REFERENCES = new Set(['id', 'key', 'uuid']);

/** `pets` → `pet`, `categories` → `category`, `addresses` → `address`. */
export function singularOf(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && !/ss$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** `Line-Items` → `lineitem`: the form resources are compared in. */
export function resourceKey(word: string): string {
  return singularOf(word.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** The resource a path is about: its last literal segment (`/customers/{id}/orders/{orderId}` → `order`); undefined for `/`. */
export function pathResource(path: string): string | undefined {
  const literal = segments(path).filter((segment) => !segment.includes('{'));
  const last = literal.at(-1);
  return last === undefined ? undefined : resourceKey(last);
}

/** Whether a path's last segment is literal: `/customers`, `/customers/{id}/orders` list or create, `/customers/{id}` does not. */
export function isCollectionPath(path: string): boolean {
  const last = segments(path).at(-1);
  return last !== undefined && !last.includes('{');
}

/** The resource a path parameter names: the literal segment before it (`/customers/{customerId}` → `customer`), else its name's. */
export function pathParameterResource(path: string, name: string): string | undefined {
  const parts = segments(path);
  const at = parts.findIndex((segment) => segment.includes(`{${name}}`));
  const before =
    at > 0
      ? parts
          .slice(0, at)
          .filter((segment) => !segment.includes('{'))
          .at(-1)
      : undefined;
  return nameResource(name) ?? (before === undefined ? undefined : resourceKey(before));
}

/** The resource a reference's name says: `customerId`, `customer_id` → `customer`; undefined for `id` or a name that is no reference. */
export function nameResource(name: string): string | undefined {
  if (!isReferenceName(name) || isBareReference(name)) return undefined;
  const stem = REFERENCE_SUFFIX.exec(name)?.[1];
  return stem ? resourceKey(stem) : undefined;
}

/** `customerId`, `customer_id`, `orderKey`, `id`: a name that refers to a thing by its identifier. */
export function isReferenceName(name: string): boolean {
  return isBareReference(name) || CAMEL_SUFFIX.test(name) || /[a-z0-9][_-](id|key|uuid)$/i.test(name);
}

/** `id`, `key`, `uuid`: a reference without a resource in its name. */
export function isBareReference(name: string): boolean {
  return BARE_REFERENCES.has(name.toLowerCase());
}

/**
 * The field names of a resource that may hold the value of a reference named `name`: the name
 * itself, then without the resource (`customerId` → `id`, `petName` → `name`), the suffix that makes
 * it a reference (`orderKey` → `key`), and `id` for any `…Id`. `{sku}` of `/products/{sku}` is
 * looked for as `sku`.
 */
export function fieldNamesFor(name: string, resource?: string): string[] {
  const names = [name];
  const squashed = name.replace(/[_-]/g, '');
  if (resource !== undefined && squashed.toLowerCase().startsWith(resource) && squashed.length > resource.length) {
    const rest = squashed.slice(resource.length);
    names.push(rest[0]!.toLowerCase() + rest.slice(1));
  }
  const match = isReferenceName(name) ? REFERENCE_SUFFIX.exec(name) : null;
  const suffix = match?.[2] ?? match?.[3];
  if (suffix) names.push(suffix.toLowerCase());
  return [...new Set(names)];
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}
