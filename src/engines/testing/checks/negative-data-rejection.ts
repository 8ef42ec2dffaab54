import type { Finding } from '../test-run.js';
import type { CheckContext } from './check-context.js';

/** A case the spec says is invalid must not be accepted: a 2xx to it is a finding. */
export function negativeDataRejection({ testCase, response }: CheckContext): Finding[] {
  if (!testCase.expectRejection || response.status < 200 || response.status > 299) return [];
  const what = testCase.mutation ? ` (${testCase.mutation})` : '';
  return [{ kind: 'negative_data_rejection', message: `accepted invalid input${what} with ${response.status}` }];
}
