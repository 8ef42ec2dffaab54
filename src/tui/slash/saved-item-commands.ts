import { sendSavedRequest } from '../../tools/support/send-saved-request.js';
import { listSavedNames, loadSavedRequest } from '../../workspace/saved-requests.js';
import { runFlowInSession } from './flow-command.js';
import type { SlashCommand } from './slash-command.js';

/** Saved requests run at once and show their response; saved flows run with a line per step. */
export async function savedItemCommands(projectRoot: string): Promise<SlashCommand[]> {
  const [requests, flows] = await Promise.all([listSavedNames(projectRoot, 'requests'), listSavedNames(projectRoot, 'flows')]);
  return [...requests.map(savedRequestCommand), ...flows.filter((name) => !requests.includes(name)).map(savedFlowCommand)];
}

function savedRequestCommand(name: string): SlashCommand {
  return {
    name,
    description: 'saved request: send it now and check its assertions',
    async run(context) {
      const saved = await loadSavedRequest(context.projectRoot, name);
      const { text } = await sendSavedRequest(saved, context.agent.engineContext(context.signal));
      context.show({ type: 'output', title: `/${name}`, text, format: 'text' });
    },
  };
}

function savedFlowCommand(name: string): SlashCommand {
  return {
    name,
    description: 'saved flow: run it now, a line per step',
    run: (context) => runFlowInSession(name, context),
  };
}
