import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../spec/spec-format.js';
import { chooseMediaType, isJsonMediaType } from '../generate/request-body.js';
import { flattenSchema } from '../generate/schema-shape.js';
import { isBareReference, isReferenceName, nameResource, pathParameterResource, resourceKey } from './resource-names.js';

/** A place an operation takes a reference, as its spec declares it (whatever a request sends). */
export interface DeclaredReference {
  operation: SpecOperation;
  in: 'path' | 'body';
  name: string;
  /** `getOrder path orderId`, `createOrder body customer.id`. */
  label: string;
  resource?: string;
  schema?: JsonSchema;
}

/** Body fields this deep are not visited: enough for nested objects, finite for recursive schemas. */
const MAX_DEPTH = 3;

/**
 * The references the spec's operations declare: each path parameter, and each property of a JSON
 * request body named like a reference (`customerId`, `customer_id`, `id` inside `customer`), down
 * to three levels and into array items.
 */
export function declaredReferences(spec: FalconSpec, operations: readonly SpecOperation[] = spec.operations): DeclaredReference[] {
  return operations.flatMap((operation) => [...pathReferences(operation), ...bodyReferences(operation, spec)]);
}

function pathReferences(operation: SpecOperation): DeclaredReference[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => ({
      operation,
      in: 'path' as const,
      name: parameter.name,
      label: `${operation.id} path ${parameter.name}`,
      ...optional('resource', pathParameterResource(operation.path, parameter.name)),
      ...optional('schema', parameter.schema),
    }));
}

function bodyReferences(operation: SpecOperation, spec: FalconSpec): DeclaredReference[] {
  const mediaType = operation.requestBody && chooseMediaType(operation.requestBody);
  const schema = mediaType && isJsonMediaType(mediaType) ? operation.requestBody?.content[mediaType]?.schema : undefined;
  if (!schema) return [];
  const found: DeclaredReference[] = [];
  const visit = (raw: unknown, path: string[], depth: number) => {
    if (depth > MAX_DEPTH) return;
    const flat = flattenSchema(raw, spec);
    const items = asObject(flat.items);
    if (items) visit(items, path, depth + 1);
    for (const [name, property] of Object.entries(asObject(flat.properties) ?? {})) {
      const parent = path.at(-1);
      const reference = isReferenceName(name) && (!isBareReference(name) || parent !== undefined);
      if (reference) {
        found.push({
          operation,
          in: 'body',
          name,
          label: `${operation.id} body ${[...path, name].join('.')}`,
          ...optional('resource', nameResource(name) ?? (parent === undefined ? undefined : resourceKey(parent))),
          ...optional('schema', asObject(property)),
        });
      }
      visit(property, [...path, name], depth + 1);
    }
  };
  visit(schema, [], 0);
  return found;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
