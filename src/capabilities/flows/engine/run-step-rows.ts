import { ProjectPathError } from '../../../safety/project-path.js';
import { SavedRequestError } from '../../../workspace/saved-requests.js';
import { UnknownVariableError } from '../../../workspace/variable-scope.js';
import { SavedAssertionsError } from '../../../engines/requests/saved-assertions.js';
import { type DataRow, DataFileError } from '../../../engines/testing/data-driven/read-data-rows.js';
import type { RequestStep } from '../../../engines/flow-files/flow-format.js';
import type { FlowContext } from './flow-context.js';
import type { StepResult } from './flow-run.js';
import { foreachRows } from './foreach-rows.js';
import { runRequestStep } from './run-request-step.js';
import { checkCondition } from './step-condition.js';
import { stepLabel } from './step-label.js';
import { type StepTarget, loadStepTarget } from './step-target.js';

/** What a flow's author got wrong (a missing saved request, an unknown variable, a bad data file): the step fails with it. */
const STEP_ERRORS = [SavedRequestError, SavedAssertionsError, UnknownVariableError, DataFileError, ProjectPathError];

/**
 * Runs a request step, once per `foreach` row (or once), each row with its own `if`. A row that fails
 * stops the rest unless the step has `continue_on_failure`; they are reported skipped. Returns true
 * when the flow must stop.
 */
export async function runStepRows(step: RequestStep, index: number, context: FlowContext): Promise<boolean> {
  const label = stepLabel(step);
  const failed = (reason: string, started: number, row?: StepResult['row']): StepResult => ({
    index,
    name: label,
    kind: 'request',
    ...(row && { row }),
    outcome: 'failed',
    reason,
    durationMs: Math.round(performance.now() - started),
    failures: [],
    extracted: [],
  });
  let rows: Array<DataRow | undefined> = [undefined];
  if (step.foreach !== undefined) {
    const started = performance.now();
    try {
      rows = await foreachRows(step.foreach, context.projectRoot, context.file);
    } catch (error) {
      context.emit(failed(`foreach: ${reasonOf(error)}`, started));
      return !step.continue_on_failure;
    }
  }
  let target: StepTarget | undefined;
  for (const [rowIndex, values] of rows.entries()) {
    const row = values && { index: rowIndex, values };
    const variables = values ? context.variables.withValues(values) : context.variables;
    const started = performance.now();
    context.onStepStart?.(index, target?.name ?? label);
    const condition = await checkCondition(step.if, variables);
    if (!condition.run) {
      context.emit({
        index,
        name: target?.name ?? label,
        kind: 'request',
        ...(row && { row }),
        outcome: 'skipped',
        reason: condition.reason,
        durationMs: 0,
        failures: [],
        extracted: [],
      });
      continue;
    }
    let result: StepResult;
    try {
      target ??= await loadStepTarget(step, context.projectRoot);
      const outcome = await runRequestStep(step, target, {
        index,
        variables,
        flowVariables: context.variables,
        cookies: context.cookies,
        signal: context.signal,
        ...(context.beforeSend && { beforeSend: context.beforeSend }),
      });
      result = { index, name: target.name, kind: 'request', ...(row && { row }), durationMs: Math.round(performance.now() - started), ...outcome };
    } catch (error) {
      result = failed(reasonOf(error), started, row);
    }
    context.emit(result);
    if (result.outcome === 'failed' && !step.continue_on_failure) {
      for (const [laterIndex, laterValues] of rows.entries()) {
        if (laterIndex <= rowIndex || !laterValues) continue;
        context.emit({
          index,
          name: result.name,
          kind: 'request',
          row: { index: laterIndex, values: laterValues },
          outcome: 'skipped',
          reason: 'an earlier row failed',
          durationMs: 0,
          failures: [],
          extracted: [],
        });
      }
      return true;
    }
  }
  return false;
}

/** The message of an error a step fails with; anything else (a cancellation, a bug) is thrown on. */
function reasonOf(error: unknown): string {
  if (STEP_ERRORS.some((kind) => error instanceof kind)) return (error as Error).message;
  throw error;
}
