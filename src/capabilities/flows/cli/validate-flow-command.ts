import { realpath } from 'node:fs/promises';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { FlowNotFoundError, loadFlow } from '../engine/load-flow.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

/** `falcon flow validate`: 0 and `valid: N steps`, or 2 with every problem (`checkout.yaml:11: …`) or when there is no such flow. */
export async function runFlowValidate(nameOrFile: string): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  try {
    const { flow } = await loadFlow(projectRoot, nameOrFile);
    process.stdout.write(`valid: ${flow.steps.length} step${flow.steps.length === 1 ? '' : 's'}\n`);
    return 0;
  } catch (error) {
    if (error instanceof FlowValidationError) {
      process.stderr.write(`${terminalSafeText(error.message)}\n`);
      return 2;
    }
    if (error instanceof FlowNotFoundError) {
      process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
