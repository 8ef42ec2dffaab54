import type { SpecOperation } from '../spec/spec-format.js';
import { plainId } from '../spec/unique-id.js';

export interface OperationFilter {
  /** Keep only operations matching any of these; all when absent or empty. */
  include?: string[];
  /** Then drop operations matching any of these. */
  exclude?: string[];
}

/** A filter that matches nothing in the spec: the caller says so instead of running nothing. */
export class OperationFilterError extends Error {
  override name = 'OperationFilterError';
}

/**
 * Operations chosen by pattern. A pattern is an operationId (`getPet`), a method and path
 * (`GET /pets/{petId}`), a path alone (`/pets/{petId}`, any method), or `tag:pets`; `*` in a path
 * matches any run of characters (`/pets*`). Matching ignores case, and an operationId is compared
 * as the ingest made it an id (`find pet by id` finds `find_pet_by_id`).
 */
export function selectOperations(operations: SpecOperation[], filter: OperationFilter = {}): SpecOperation[] {
  const include = filter.include ?? [];
  const exclude = filter.exclude ?? [];
  for (const pattern of [...include, ...exclude]) {
    if (!operations.some((operation) => matchesOperation(operation, pattern))) {
      const known = operations.slice(0, 8).map((operation) => `${operation.id} (${operation.method} ${operation.path})`);
      throw new OperationFilterError(
        `"${pattern}" matches no operation of the spec; give an operationId, "METHOD /path", "/path" or "tag:name" — for example ${known.join(', ')}${operations.length > 8 ? ', …' : ''}`,
      );
    }
  }
  return operations.filter(
    (operation) =>
      (include.length === 0 || include.some((pattern) => matchesOperation(operation, pattern))) &&
      !exclude.some((pattern) => matchesOperation(operation, pattern)),
  );
}

export function matchesOperation(operation: SpecOperation, pattern: string): boolean {
  const text = pattern.trim();
  if (/^tag:/i.test(text)) {
    const tag = text.slice(4).trim().toLowerCase();
    return operation.tags.some((candidate) => candidate.toLowerCase() === tag);
  }
  const methodAndPath = /^([A-Za-z]+)\s+(\/\S*)$/.exec(text);
  if (methodAndPath) return methodAndPath[1]!.toUpperCase() === operation.method && pathMatches(operation.path, methodAndPath[2]!);
  if (text.startsWith('/')) return pathMatches(operation.path, text);
  return operation.id.toLowerCase() === text.toLowerCase() || operation.id.toLowerCase() === plainId(text).toLowerCase();
}

function pathMatches(path: string, pattern: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}/?$`, 'i').test(path);
}
