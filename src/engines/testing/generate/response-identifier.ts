import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../spec/spec-format.js';
import { isJsonMediaType } from './request-body.js';
import { flattenSchema } from './schema-shape.js';

/** Success statuses in the order a create answers with them. */
const SUCCESS_ORDER = ['201', '200', '202'];

/**
 * Where a create's response carries the value for an item path parameter (`/pets/{petId}`): the
 * property named like the parameter, else the name without the resource (`petId` → `id`,
 * `petName` → `name`), else `id` for any `…Id`; at the top level of the body or one object down
 * (`{data: {id}}`). Read from the documented schema, else the example. The path, or undefined.
 */
export function responseIdentifier(operation: SpecOperation, parameter: string, collection: string, spec: FalconSpec): string[] | undefined {
  const shape = successShape(operation, spec);
  if (!shape) return undefined;
  const wanted = identifierNames(parameter, collection);
  const found = (names: string[]) =>
    wanted.find((name) => names.includes(name)) ??
    wanted.map((name) => names.find((candidate) => candidate.toLowerCase() === name.toLowerCase())).find(Boolean);
  const top = found(Object.keys(shape));
  if (top) return [top];
  for (const [name, nested] of Object.entries(shape)) {
    const inner = nested && found(Object.keys(nested));
    if (inner) return [name, inner];
  }
  return undefined;
}

/** Property name → the names of its own properties (when it is an object), for the first documented success body. */
type Shape = Record<string, Record<string, unknown> | undefined>;

function successShape(operation: SpecOperation, spec: FalconSpec): Shape | undefined {
  const statuses = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
  statuses.sort((a, b) => rank(a) - rank(b));
  for (const status of statuses) {
    for (const [mediaType, media] of Object.entries(operation.responses[status]?.content ?? {})) {
      if (!isJsonMediaType(mediaType)) continue;
      const shape = (media.schema && schemaShape(media.schema, spec)) ?? exampleShape(media.example);
      if (shape && Object.keys(shape).length > 0) return shape;
    }
  }
  return undefined;
}

function rank(status: string): number {
  const index = SUCCESS_ORDER.indexOf(status);
  return index === -1 ? SUCCESS_ORDER.length + Number(status) : index;
}

function schemaShape(schema: JsonSchema, spec: FalconSpec): Shape | undefined {
  const properties = asObject(flattenSchema(schema, spec).properties);
  if (!properties) return undefined;
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, asObject(flattenSchema(property, spec).properties)]));
}

function exampleShape(example: unknown): Shape | undefined {
  const object = asObject(example);
  return object && Object.fromEntries(Object.entries(object).map(([name, value]) => [name, asObject(value)]));
}

function identifierNames(parameter: string, collection: string): string[] {
  const names = [parameter];
  const lower = parameter.toLowerCase();
  for (const prefix of [singularOf(collection), collection]) {
    if (prefix && lower.startsWith(prefix.toLowerCase()) && parameter.length > prefix.length) {
      const rest = parameter.slice(prefix.length).replace(/^[_-]+/, '');
      if (rest) names.push(rest[0]!.toLowerCase() + rest.slice(1));
    }
  }
  if (/id$/i.test(parameter)) names.push('id');
  return [...new Set(names)];
}

/** `pets` → `pet`, `categories` → `category`, `addresses` → `address`. */
function singularOf(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && !/ss$/i.test(word)) return word.slice(0, -1);
  return word;
}
