import { maskStructured } from '../../../../safety/mask-structured.js';
import { SecretRegistry } from '../../../../safety/secret-registry.js';
import type { FlowRun } from '../flow-run.js';
import { maskStepResult } from '../mask-step-result.js';

/**
 * The run with secrets masked wherever a report shows text, each step as the engine masks it (its
 * curl line made again from the masked request). The engine masks already; a report is written to
 * disk and shared, so it masks again rather than trust every producer of a FlowRun.
 */
export function maskFlowRun(run: FlowRun, secrets: SecretRegistry = new SecretRegistry()): FlowRun {
  return { ...maskStructured(run, { secrets }), steps: run.steps.map((step) => maskStepResult(step, secrets)) };
}
