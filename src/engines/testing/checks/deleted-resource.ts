import type { TestCase } from '../test-case.js';

/**
 * The step that deleted the resource a chain step is on, when that DELETE succeeded: a 2xx other
 * than 202 Accepted (a deletion still under way). Undefined for a step on a resource not deleted.
 */
export function deletedBy(testCase: TestCase, earlier: ReadonlyMap<string, number> | undefined): { by: string; status: number } | undefined {
  const resource = testCase.resource;
  if (resource?.state !== 'deleted') return undefined;
  const status = earlier?.get(resource.by);
  if (status === undefined || status < 200 || status > 299 || status === 202) return undefined;
  return { by: resource.by, status };
}
