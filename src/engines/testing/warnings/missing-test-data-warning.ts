import type { CaseResult, RunWarning } from '../test-run.js';
import { type OperationAnswers, operationLabel } from './operation-answers.js';
import { pathParameterNames, sentPathValues } from './sent-path-values.js';
import { describeShare, isMostOf, statusShare } from './status-share.js';

const SHOWN_VALUES = 5;

/**
 * `missing_test_data`: more than 80 % of the operation's answered cases got 404, so they read
 * nothing: the ids they sent name no record on the server. Says which ids to seed, with the values
 * that were sent; an operation without path parameters that answers 404 is a route the server lacks.
 */
export function missingTestDataWarning(group: OperationAnswers): RunWarning | undefined {
  const share = statusShare(group, [404]);
  if (!isMostOf(share)) return undefined;
  const label = operationLabel(group);
  const warning = { kind: 'missing_test_data' as const, operation: group.operation };
  const names = pathParameterNames(group.path);
  if (names.length === 0) {
    return {
      ...warning,
      message: `${label} answered 404 to most cases, and its path has no id in it: the server seems not to serve this route`,
      evidence: describeShare(share, '404'),
      advice: `check the base URL (a path prefix such as /api or /v1?) and that the server has ${group.method} ${group.path}`,
    };
  }
  const values = names.map((name) => ({ name, values: valuesSent(share.matching, group.path, name) }));
  const sent = values.map(({ name, values: list }) => `${name} ${list.length > 0 ? list.join(', ') : '(none recorded)'}`).join('; ');
  const seed = values.map(({ name, values: list }) => (list.length > 0 ? `${name} ${list[0]}` : name)).join(' and ');
  return {
    ...warning,
    message: `${label} found nothing for most cases: the ${names.join(', ')} they sent name${names.length === 1 ? 's' : ''} no record on the server`,
    evidence: `${describeShare(share, '404')}; sent ${sent}`,
    advice: `seed the data before the run (a record with ${seed}), give ids the server has with --seed-data FILE, or give ${names.join(' and ')} an example in the spec that the server has`,
  };
}

/**
 * The distinct values sent for `name`, those of valid cases first (a negative case's `-1` is not an
 * id to seed), at most SHOWN_VALUES and `…` when there were more.
 */
function valuesSent(results: CaseResult[], template: string, name: string): string[] {
  const valid = results.filter((result) => !result.case.expectRejection);
  const chosen = valid.length > 0 ? valid : results;
  const values = [...new Set(chosen.flatMap((result) => sentPathValues(template, result)[name] ?? []))];
  return values.length > SHOWN_VALUES ? [...values.slice(0, SHOWN_VALUES), '…'] : values;
}
