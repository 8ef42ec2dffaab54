import { type CheckContext, defineSpecCheck } from './check-context.js';

/** A case the spec says is invalid must not be accepted: a 2xx to it is a finding. */
export const negativeDataRejection = defineSpecCheck({ name: 'negative_data_rejection', judge });

function judge({ testCase, response }: CheckContext): string[] {
  if (!testCase.expectRejection || response.status < 200 || response.status > 299) return [];
  const what = testCase.mutation ? ` (${testCase.mutation})` : '';
  return [`accepted invalid input${what} with ${response.status}`];
}
