import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * A resource a chain just created (its create answered a 2xx) must be there: a 404 to a later
 * step on it, before any delete, is a finding. Other refusals (400, 401, 409 …) are about the
 * request, not the resource (Schemathesis alike).
 */
export const ensureResourceAvailability = defineSpecCheck({ name: 'ensure_resource_availability', judge });

function judge({ testCase, response, earlier }: CheckContext): string[] {
  const resource = testCase.resource;
  if (resource?.state !== 'created' || response.status !== 404) return [];
  const created = earlier?.get(resource.by);
  if (created === undefined || created < 200 || created > 299) return [];
  return [`answered 404 for the resource ${resource.by} had just created (it answered ${created})`];
}
