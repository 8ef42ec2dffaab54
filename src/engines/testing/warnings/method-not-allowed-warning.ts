import type { RunWarning } from '../test-run.js';
import { type OperationAnswers, operationLabel } from './operation-answers.js';
import { describeShare, statusShare } from './status-share.js';

/**
 * `method_not_allowed`: every answered case of the operation got 405, so the server does not take
 * the method on that path: the spec and the server disagree, or the route lives elsewhere.
 */
export function methodNotAllowedWarning(group: OperationAnswers): RunWarning | undefined {
  const share = statusShare(group, [405]);
  if (share.answered === 0 || share.matching.length < share.answered) return undefined;
  const allow = allowHeader(group);
  return {
    kind: 'method_not_allowed',
    operation: group.operation,
    message: `${operationLabel(group)} answered 405 Method Not Allowed to every case: the server does not take ${group.method} on ${group.path}`,
    evidence: `${describeShare(share, '405')}${allow ? `; Allow: ${allow}` : ''}`,
    advice: `the spec and the server disagree: check the method and path in the spec against the server's routes, and the base URL if the route is mounted elsewhere`,
  };
}

/** The methods the server said it allows, from the first answer that says. */
function allowHeader(group: OperationAnswers): string | undefined {
  for (const result of group.answered) {
    for (const [name, value] of Object.entries(result.response!.headers)) {
      if (name.toLowerCase() === 'allow') return Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return undefined;
}
