import { type CheckContext, defineSpecCheck } from './check-context.js';
import { deletedBy } from './deleted-resource.js';

const CHANGES = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * After a chain's DELETE succeeded, the resource must not be changed any more: a 2xx to a PUT, PATCH
 * or DELETE of it is a finding, but a PUT's 201 Created (it made the resource anew, as PUT may).
 * The read after the delete is delete_effective's.
 */
export const useAfterFree = defineSpecCheck({ name: 'use_after_free', judge });

function judge({ testCase, response, earlier }: CheckContext): string[] {
  const method = testCase.request.method.toUpperCase();
  if (!CHANGES.has(method) || response.status < 200 || response.status > 299 || (method === 'PUT' && response.status === 201)) return [];
  const deletion = deletedBy(testCase, earlier);
  if (!deletion) return [];
  return [`${method} answered ${response.status} for a resource deleted by ${deletion.by} (which answered ${deletion.status}): expected 404 or 410`];
}
