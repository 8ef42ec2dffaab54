import type { SlashCommand } from '../../../kit/slash/slash-command.js';
import { listSavedNames, loadSavedRequest } from '../../../workspace/saved-requests.js';
import { sendSavedRequest } from '../tools/send-saved-request.js';

/** `/name` for each saved request of the project: sent at once, its response and assertions shown. */
export async function savedRequestCommands(projectRoot: string): Promise<SlashCommand[]> {
  return (await listSavedNames(projectRoot, 'requests')).map(savedRequestCommand);
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
