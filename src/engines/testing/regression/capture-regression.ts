import { baselineFromResponse, listBaselineSet, saveBaseline } from '../../assertions/baseline-store.js';
import { toStoredResponse } from '../../http/stored-response.js';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { NO_HAPPY_CASE, happyCaseByOperation } from '../idempotency/happy-cases.js';
import { prepareCase, sendPreparedCase } from '../run/send-case.js';
import { type RegressionOptions, baselineMemberName } from './regression-set.js';

export interface CapturedOperation {
  operationId: string;
  /** Project-relative path of its baseline. */
  file: string;
  status: number;
}

export interface CaptureReport {
  captured: CapturedOperation[];
  /** GET operations in scope not captured, and why (parameters that cannot be filled, no answer, a 5xx). */
  notCaptured: Array<{ operationId: string; reason: string }>;
  /** Members of the set from an earlier capture that this one left as they were. */
  kept: string[];
}

/**
 * Captures the set: the happy-path request of every GET operation in scope is sent once and its
 * answer saved as `<set>.<operationId>`, replacing an earlier one. A 5xx is not a baseline worth
 * keeping: it is reported and not saved.
 */
export async function captureRegression(spec: FalconSpec, operations: SpecOperation[], options: RegressionOptions): Promise<CaptureReport> {
  const gets = operations.filter((operation) => operation.method === 'GET');
  const happy = await happyCaseByOperation(spec, gets);
  const report: CaptureReport = { captured: [], notCaptured: [], kept: [] };
  for (const [index, operation] of gets.entries()) {
    const testCase = happy.get(operation.id);
    const prepared = testCase && (await prepareCase(testCase, { baseUrl: options.baseUrl, variables: options.variables }));
    const skip = (reason: string) => report.notCaptured.push({ operationId: operation.id, reason });
    if (!prepared) skip(NO_HAPPY_CASE);
    else if (!prepared.ok) skip(`its required parameters cannot be filled: ${prepared.error}`);
    else {
      const exchange = await sendPreparedCase(prepared, { signal: options.signal, variables: options.variables });
      if (!exchange.http) skip(`no answer: ${exchange.error ?? 'the request failed'}`);
      else if (exchange.http.status >= 500) skip(`it answered ${exchange.http.status}; a server error is not captured`);
      else {
        const file = await saveBaseline(
          options.projectRoot,
          baselineMemberName(options.baseline, operation.id),
          baselineFromResponse(toStoredResponse(exchange.http), new Date(), options.variables?.secrets),
        );
        report.captured.push({ operationId: operation.id, file, status: exchange.http.status });
      }
    }
    options.onProgress?.(operation.id, index + 1, gets.length);
  }
  const captured = new Set(report.captured.map((operation) => operation.operationId));
  report.kept = (await listBaselineSet(options.projectRoot, options.baseline)).filter((member) => !captured.has(member));
  return report;
}
