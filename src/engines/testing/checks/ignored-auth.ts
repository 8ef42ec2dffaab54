import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * An operation that declares security must not succeed without valid credentials: a 2xx to its
 * valid request sent without them, or with a clearly invalid one, is a finding. A 401, a 403, a
 * 404 that hides the resource or a redirect to a login page all refuse.
 */
export const ignoredAuth = defineSpecCheck({ name: 'ignored_auth', judge });

function judge({ testCase, response }: CheckContext): string[] {
  if (testCase.probe !== 'ignored_auth' || response.status < 200 || response.status > 299) return [];
  const how = testCase.mutation ?? 'without credentials';
  return [`answered ${response.status} ${how}: the operation declares security but does not enforce it`];
}
