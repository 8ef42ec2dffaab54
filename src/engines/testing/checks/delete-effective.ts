import { type CheckContext, defineSpecCheck } from './check-context.js';
import { deletedBy } from './deleted-resource.js';

const READS = new Set(['GET', 'HEAD']);

/**
 * After a chain's DELETE succeeded, the resource must be gone: a 2xx to the read of it after the
 * delete is a finding (its own expected 404 or 410 is then not reported again). Only when the
 * DELETE answered a 2xx other than 202 Accepted (a deletion still under way).
 */
export const deleteEffective = defineSpecCheck({ name: 'delete_effective', judge });

function judge({ testCase, response, earlier }: CheckContext): string[] {
  if (!READS.has(testCase.request.method.toUpperCase()) || response.status < 200 || response.status > 299) return [];
  const deletion = deletedBy(testCase, earlier);
  if (!deletion) return [];
  return [`answered ${response.status} for a resource deleted by ${deletion.by} (which answered ${deletion.status}): expected it gone (404 or 410)`];
}
