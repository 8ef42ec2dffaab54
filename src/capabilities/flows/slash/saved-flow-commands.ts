import type { SlashCommand } from '../../../kit/slash/slash-command.js';
import { listSavedNames } from '../../../workspace/saved-requests.js';
import { runFlowInSession } from './flow-command.js';

/** `/name` for each saved flow of the project: run at once, a line per step. */
export async function savedFlowCommands(projectRoot: string): Promise<SlashCommand[]> {
  return (await listSavedNames(projectRoot, 'flows')).map((name) => ({
    name,
    description: 'saved flow: run it now, a line per step',
    run: (context) => runFlowInSession(name, context),
  }));
}
