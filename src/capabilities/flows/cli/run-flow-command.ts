import { realpath } from 'node:fs/promises';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import type { FlowRun, StepResult } from '../engine/flow-run.js';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { FlowNotFoundError, loadFlow } from '../engine/load-flow.js';
import { runFlow } from '../engine/run-flow.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import { chooseEnvironment } from '../../../kit/command/choose-environment.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { flowReportTargets, type FlowReportTarget, type FlowRunFlags } from './flow-run-flags.js';
import { flowStepLines } from './flow-step-lines.js';
import { flowSummaryLine } from './flow-summary-line.js';
import { writeFlowOutputs } from './write-flow-outputs.js';

const EXIT_INTERRUPTED = 130;

/**
 * `falcon flow run`: 0 when every step passed, 1 when one failed or got no answer, 2 for an invalid
 * flow or bad usage, 130 when interrupted (after reporting the steps that ran).
 */
export async function runFlowCommand(nameOrFile: string, flags: FlowRunFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const env = await engineCommandEnv(projectRoot);
  const secrets = new SecretRegistry();
  const say = (text: string): string => terminalSafeText(maskText(text, { secrets }));
  const style = styleFor(process.stdout);
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  const started = { at: new Date().toISOString(), ms: performance.now() };
  const finished: StepResult[] = [];
  let name = nameOrFile;
  let targets: FlowReportTarget[] = [];
  const report = async (run: FlowRun, interrupted: boolean): Promise<boolean> => {
    const outputs = await writeFlowOutputs(run, projectRoot, targets, secrets);
    process.stdout.write(`${say(flowSummaryLine(run, interrupted))}\n${outputs.written.map((written) => `Report: ${say(written)}\n`).join('')}`);
    for (const failure of outputs.failed) process.stderr.write(`falcon: ${say(failure)}\n`);
    return outputs.failed.length === 0;
  };
  try {
    targets = flowReportTargets(flags, process.cwd());
    const loaded = await loadFlow(projectRoot, nameOrFile);
    name = loaded.name;
    const variables = await VariableScope.open(projectRoot, env, await chooseEnvironment(projectRoot, flags.env), secrets);
    process.once('SIGINT', interrupt);
    const run = await runFlow(loaded.flow, {
      projectRoot,
      name,
      file: loaded.file,
      variables,
      signal: controller.signal,
      onStep: (step) => {
        finished.push(step);
        process.stdout.write(`${flowStepLines(step, style).map(say).join('\n')}\n`);
      },
    });
    process.off('SIGINT', interrupt);
    if (!(await report(run, false))) return 2;
    return run.passed ? 0 : 1;
  } catch (error) {
    process.off('SIGINT', interrupt);
    if (controller.signal.aborted) {
      const run: FlowRun = { name, passed: false, steps: finished, durationMs: Math.round(performance.now() - started.ms), startedAt: started.at };
      await report(run, true);
      return EXIT_INTERRUPTED;
    }
    // The problems as they are, `checkout.yaml:11: unknown key …`, one a line.
    if (error instanceof FlowValidationError) {
      process.stderr.write(`${say(error.message)}\n`);
      return 2;
    }
    if (error instanceof UsageError || error instanceof FlowNotFoundError) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
