import type { SpecOperation } from '../../../spec/spec-format.js';
import { fieldOf, type JsonRecord } from './json-records.js';

/** A path parameter named like an object's id: `{id}`, `{orderId}`, `{order_id}`, `{uuid}`, `{username}`. */
const ID_NAME = /^(id|uuid|guid|slug|username|handle|login)$|[_-](id|uuid|guid|number)$|[a-z\d](Id|ID|Uuid|UUID|Number)$/;
const PATH_PARAMETER = /\{([^{}]+)\}/g;

/** An operation on one object: the last path parameter identifies it, the path before it is its collection. */
export interface ObjectTarget {
  /** `orderId` in `/orders/{orderId}`. */
  parameter: string;
  /** `/orders`: the path before the parameter, where the objects are listed and created. */
  collection: string;
  /** The names the object's own record gives its identifier: `orderId`, then `id`. */
  identifierNames: string[];
}

export function objectTarget(operation: SpecOperation): ObjectTarget | undefined {
  const last = [...operation.path.matchAll(PATH_PARAMETER)].pop();
  if (!last || last.index === undefined) return undefined;
  const parameter = last[1]!;
  const end = last.index + last[0].length;
  if (operation.path[last.index - 1] !== '/' || (end < operation.path.length && operation.path[end] !== '/')) return undefined;
  const schema = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === parameter)?.schema;
  if (!ID_NAME.test(parameter) && schema?.type !== 'integer' && schema?.format !== 'uuid') return undefined;
  const collection = operation.path.slice(0, last.index - 1);
  return { parameter, collection, identifierNames: identifierNames(parameter, collection) };
}

/** The object's identifier in a record of it, by the target's names. */
export function identifierIn(record: JsonRecord, target: ObjectTarget): string | number | undefined {
  for (const name of target.identifierNames) {
    const value = fieldOf(record, name)?.value;
    if (typeof value === 'string' || typeof value === 'number') return value;
  }
  return undefined;
}

function identifierNames(parameter: string, collection: string): string[] {
  const names = [parameter];
  const resource = (collection.split('/').pop() ?? '').replace(/ies$/i, 'y').replace(/s$/i, '').toLowerCase();
  const lower = parameter.toLowerCase();
  if (resource && lower.startsWith(resource) && lower.length > resource.length) names.push(parameter.slice(resource.length).replace(/^[_-]+/, ''));
  if (/id$/i.test(parameter)) names.push('id');
  return [...new Set(names.filter(Boolean))];
}
