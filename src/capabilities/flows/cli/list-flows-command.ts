import { realpath } from 'node:fs/promises';
import { listFlows } from '../engine/load-flow.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

/** `falcon flow list`: each saved flow with its description or step count; an invalid one with its first problem. */
export async function runFlowList(): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const flows = await listFlows(projectRoot);
  if (flows.length === 0) {
    process.stdout.write('No saved flows in .falcon/flows/ yet.\n');
    return 0;
  }
  const width = Math.max(...flows.map((flow) => flow.name.length));
  for (const flow of flows) {
    const about =
      flow.problem !== undefined ? `invalid: ${flow.problem}` : (flow.description?.split('\n')[0] ?? `${flow.steps ?? 0} step${flow.steps === 1 ? '' : 's'}`);
    process.stdout.write(terminalSafeText(`${flow.name.padEnd(width)}  ${maskKeepingPlaceholders(about)}\n`));
  }
  return 0;
}
