import { walkFindings } from '../pagination/judge-walk.js';
import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * A paginated list walked page by page to its end (at most 10 pages): no item on two pages, no
 * item on a page past the end, and the counts of items and pages it states agree with the walk.
 * Its own probe walks the list (generate/walk-probes.ts); it judges the walk once, with the first page.
 */
export const paginationConsistency = defineSpecCheck({ name: 'pagination_consistency', needs: 'spec', judge });

function judge({ testCase, walk }: CheckContext): string[] {
  return testCase.walk && walk ? walkFindings(testCase.walk, walk) : [];
}
