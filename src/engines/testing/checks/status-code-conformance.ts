import type { Finding } from '../test-run.js';
import type { CheckContext } from './check-context.js';

/** The status must be one the operation documents (exact, `2XX`-style range or `default`); nothing to check when it documents none. */
export function statusCodeConformance({ operation, documented, response }: CheckContext): Finding[] {
  if (!operation || documented) return [];
  const keys = Object.keys(operation.responses);
  if (keys.length === 0) return [];
  return [{ kind: 'status_code_conformance', message: `status ${response.status} is not documented for ${operation.id} (documented: ${keys.join(', ')})` }];
}
