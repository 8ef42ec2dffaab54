import { matchSegments, normalizeRequestPath, parsePath, parseRequestPath } from '../../../engines/routes/path-pattern.js';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';

/**
 * The spec's operation for a method and a path as the user gives it (`/orders/7`, `/orders/{id}`,
 * `/orders/:id` or a URL): the one whose path matches most literally; undefined when none does.
 */
export function specOperationFor(spec: FalconSpec, method: string, path: string): SpecOperation | undefined {
  const asked = parseRequestPath(normalizeRequestPath(path));
  let best: { operation: SpecOperation; score: number } | undefined;
  for (const operation of spec.operations) {
    if (operation.method !== method.toUpperCase()) continue;
    const score = matchSegments(parsePath(operation.path), asked);
    if (score !== undefined && (!best || score > best.score)) best = { operation, score };
  }
  return best?.operation;
}
