import type { Baseline } from '../../assertions/baseline-store.js';
import { compareWithBaseline } from '../../assertions/compare-baseline.js';
import type { Finding } from '../test-run.js';

export interface RepeatVerdict {
  findings: Finding[];
  /** The answer (0-based) that showed the first problem, when there is one. */
  firstBad?: number;
}

const SHOWN_DIFFERENCES = 5;

/**
 * Whether the answers to one request sent several times in a row are those of an idempotent
 * operation. GET, HEAD, PUT, OPTIONS: every answer has the status of the first and the same body
 * (`ignoreFields` left out). DELETE: no 5xx; after a first 2xx, 404 or 410 the later answers may be
 * any of those (the resource is gone), but a 2xx repeated with the same status must carry the same
 * body; after any other first status, every answer has that status.
 */
export function judgeRepeats(method: string, answers: Baseline[], ignoreFields: string[]): RepeatVerdict {
  const findings: Finding[] = [];
  let firstBad: number | undefined;
  const flag = (index: number, message: string) => {
    findings.push({ kind: 'idempotency', message });
    firstBad ??= index;
  };
  const first = answers[0];
  if (!first) return { findings };
  const total = answers.length;
  const differences = (index: number, before: Baseline) => compareWithBaseline(before, answers[index]!, { ignoreFields });
  if (method !== 'DELETE') {
    for (let index = 1; index < total; index++) {
      const found = differences(index, first);
      if (found.length > 0) flag(index, `call ${index + 1} of ${total} differs from call 1: ${summarize(found)}`);
    }
    return { findings, ...(firstBad !== undefined && { firstBad }) };
  }
  const settled = isSuccess(first.status) || isGone(first.status);
  for (const [index, answer] of answers.entries()) {
    if (answer.status >= 500) flag(index, `call ${index + 1} of ${total} answered ${answer.status}: a repeated DELETE must not fail on the server`);
    else if (index > 0 && settled && !isSuccess(answer.status) && !isGone(answer.status)) {
      flag(index, `call ${index + 1} of ${total} answered ${answer.status} after ${first.status}: a repeated DELETE should answer 2xx, 404 or 410`);
    } else if (index > 0 && !settled && answer.status !== first.status) {
      flag(index, `call ${index + 1} of ${total} answered ${answer.status}, call 1 ${first.status}`);
    } else if (index > 0 && isSuccess(answer.status)) {
      const earlier = answers.slice(0, index).find((before) => before.status === answer.status);
      const found = earlier ? differences(index, earlier) : [];
      if (found.length > 0) flag(index, `call ${index + 1} of ${total} answered ${answer.status} with another body than before: ${summarize(found)}`);
    }
  }
  return { findings, ...(firstBad !== undefined && { firstBad }) };
}

function summarize(differences: string[]): string {
  const shown = differences.slice(0, SHOWN_DIFFERENCES).join('; ');
  const more = differences.length - SHOWN_DIFFERENCES;
  return more > 0 ? `${shown}; … and ${more} more` : shown;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isGone = (status: number) => status === 404 || status === 410;
