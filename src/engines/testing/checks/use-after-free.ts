import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * After a chain's DELETE succeeded, the resource must be gone: a 2xx to a step on it is a finding.
 * Only when the DELETE answered a 2xx other than 202 Accepted (a deletion still under way).
 */
export const useAfterFree = defineSpecCheck({ name: 'use_after_free', judge });

function judge({ testCase, response, earlier }: CheckContext): string[] {
  const resource = testCase.resource;
  if (resource?.state !== 'deleted' || response.status < 200 || response.status > 299) return [];
  const deleted = earlier?.get(resource.by);
  if (deleted === undefined || deleted < 200 || deleted > 299 || deleted === 202) return [];
  return [`answered ${response.status} for a resource deleted by ${resource.by} (which answered ${deleted}): expected it gone (404 or 410)`];
}
