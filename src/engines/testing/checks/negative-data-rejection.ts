import { type CheckContext, defineSpecCheck } from './check-context.js';

/** A case the spec says is invalid must not be accepted: a 2xx to it is a finding, which names a near miss's kind and value. */
export const negativeDataRejection = defineSpecCheck({ name: 'negative_data_rejection', judge });

function judge({ testCase, response }: CheckContext): string[] {
  if (!testCase.expectRejection || response.status < 200 || response.status > 299) return [];
  if (testCase.nearMiss) return [`${testCase.nearMiss} was accepted (${response.status})`];
  const what = testCase.mutation ? ` (${testCase.mutation})` : '';
  return [`accepted invalid input${what} with ${response.status}`];
}
