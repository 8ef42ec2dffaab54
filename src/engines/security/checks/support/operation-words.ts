import type { SpecOperation } from '../../../spec/spec-format.js';

/** The operationId as words and the summary: `updateUserRole` → `update User Role`, `list_users` → `list users`. */
export function operationWords(operation: SpecOperation): string {
  const id = operation.id.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ');
  return `${id} ${operation.summary ?? ''}`;
}
