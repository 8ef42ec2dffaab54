import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { CaseResult } from '../test-run.js';

/** One operation's cases that got an answer: what the warnings are computed from. */
export interface OperationAnswers {
  /** The operationId, else `METHOD /path`. */
  operation: string;
  method: string;
  /** The path template: `/pets/{petId}`. */
  path: string;
  /** The spec's operation, when the run had a spec that names it. */
  spec?: SpecOperation;
  /** The operation's cases that got a response, in run order; skipped, unanswered and probing ones are left out. */
  answered: CaseResult[];
}

/** The run's answered cases grouped by operation, in the order each operation first appears. */
export function answersByOperation(results: readonly CaseResult[], spec?: FalconSpec): OperationAnswers[] {
  const groups = new Map<string, OperationAnswers>();
  for (const result of results) {
    // A probe's answer (ignored_auth, unsupported_method) is meant to be a refusal: it says nothing of the operation.
    if (result.case.probe) continue;
    const { request, operationId } = result.case;
    const method = request.method.toUpperCase();
    const operation = operationId ?? `${method} ${request.path}`;
    let group = groups.get(operation);
    if (!group) {
      const found = operationId === undefined ? undefined : spec?.operations.find((candidate) => candidate.id === operationId);
      group = { operation, method: found?.method ?? method, path: found?.path ?? request.path, ...(found && { spec: found }), answered: [] };
      groups.set(operation, group);
    }
    if (result.response && reachesFor(result, group)) group.answered.push(result);
  }
  return [...groups.values()];
}

/**
 * Whether the case tries to reach the operation's logic: not a check's probe (sent without
 * credentials, or with a method the path lacks, to be refused), nor another method than the operation's.
 */
function reachesFor(result: CaseResult, group: OperationAnswers): boolean {
  return result.case.probe === undefined && result.case.request.method.toUpperCase() === group.method;
}

/** `getPet (GET /pets/{petId})`, or `GET /pets/{petId}` when the operation has no id. */
export function operationLabel(group: OperationAnswers): string {
  const route = `${group.method} ${group.path}`;
  return group.operation === route ? route : `${group.operation} (${route})`;
}
