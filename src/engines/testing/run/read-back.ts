import type { HttpResponse } from '../../http/send-request.js';
import type { TestCase } from '../test-case.js';
import type { FollowUp } from '../test-run.js';
import { chainRequestTemplate } from './chain-template.js';
import { type SendCaseOptions, sendCase } from './send-case.js';

/** The read a write sends after it (TestCase.readBack), as a follow-up of its result, and its whole response for the checks. */
export async function sendReadBack(testCase: TestCase, options: SendCaseOptions): Promise<{ followUp: FollowUp; http?: HttpResponse }> {
  const { readBack } = testCase;
  if (!readBack) throw new Error(`${testCase.id} has no read back`);
  const read: TestCase = { ...testCase, operationId: readBack.operationId, request: readBack.request };
  const exchange = await sendCase(read, options);
  const values = options.values ?? new Map<string, string>();
  const template = values.size > 0 ? await chainRequestTemplate(read, values, options) : undefined;
  const followUp: FollowUp = {
    label: 'read back',
    request: exchange.request,
    ...(exchange.response && { response: exchange.response }),
    ...(template && { requestTemplate: template }),
  };
  return { followUp, ...(exchange.http && { http: exchange.http }) };
}
