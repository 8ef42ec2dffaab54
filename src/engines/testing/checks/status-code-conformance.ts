import type { SpecOperation } from '../../spec/spec-format.js';
import { type CheckContext, defineSpecCheck } from './check-context.js';

/** The status must be one the operation documents (exact, `2XX`-style range or `default`); nothing to check when it documents none. */
export const statusCodeConformance = defineSpecCheck({ name: 'status_code_conformance', needs: 'spec', judge });

function judge({ operation, documented, response }: CheckContext): string[] {
  if (!operation || documented) return [];
  const keys = Object.keys(operation.responses);
  if (keys.length === 0) return [];
  const message = `status ${response.status} is not documented for ${operation.id} (documented: ${keys.join(', ')})`;
  return [message + authHint(operation, response.status)];
}

/** An undocumented 401/403 on an operation that needs auth most often means no credentials were sent. */
function authHint(operation: SpecOperation, status: number): string {
  if (status !== 401 && status !== 403) return '';
  const schemes = [...new Set(operation.security.flatMap((requirement) => Object.keys(requirement)))];
  if (schemes.length === 0 || operation.security.some((requirement) => Object.keys(requirement).length === 0)) return '';
  return `; the operation needs auth (${schemes.join(' or ')}): send its credentials, e.g. a header with a {{VAR}} from the environment`;
}
