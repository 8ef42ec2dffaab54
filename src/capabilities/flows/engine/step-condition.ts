import { UnknownVariableError, type VariableScope } from '../../../workspace/variable-scope.js';
import { jsonValueText } from '../../../engines/assertions/extract-value.js';
import type { StepCondition } from '../../../engines/flow-files/flow-format.js';

/** Whether a step runs; when it does not, why. */
export type ConditionOutcome = { run: true } | { run: false; reason: string };

const FALSY_TEXTS = new Set(['', 'false', '0']);

/**
 * A step's `if`: a text (its `{{VAR}}` resolved) that is empty, `false` or `0` skips the step, as does
 * an unknown variable (a value an earlier step did not set); a literal boolean or number; or
 * `{equals: [a, b]}`, both sides resolved and compared as text.
 */
export async function checkCondition(condition: StepCondition | undefined, variables: VariableScope): Promise<ConditionOutcome> {
  if (condition === undefined) return { run: true };
  try {
    if (typeof condition === 'object') {
      const [left, right] = await Promise.all(condition.equals.map((side) => resolvedText(side, variables)));
      return left === right ? { run: true } : { run: false, reason: `if: "${left}" is not "${right}"` };
    }
    const text = await resolvedText(condition, variables);
    return FALSY_TEXTS.has(text.trim().toLowerCase())
      ? { run: false, reason: `if: ${JSON.stringify(condition)} is ${text.trim() === '' ? 'empty' : `"${text.trim()}"`}` }
      : { run: true };
  } catch (error) {
    if (error instanceof UnknownVariableError) return { run: false, reason: `if: ${error.message}` };
    throw error;
  }
}

async function resolvedText(value: unknown, variables: VariableScope): Promise<string> {
  const resolved = await variables.resolveDeep(value);
  return resolved === null || resolved === undefined ? '' : jsonValueText(resolved);
}
