import { runSavedRequest } from '../../engines/requests/run-saved-request.js';
import { describeRequestRun } from '../../tools/support/describe-request-run.js';
import { listSavedNames, loadSavedRequest, readSavedFile } from '../../workspace/saved-requests.js';
import type { SlashCommand } from './slash-command.js';

/** Saved requests run at once and show their response; saved flows are attached to the next message. */
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
      const run = await runSavedRequest(saved, context.agent.variables);
      context.show({
        type: 'output',
        title: `/${name}`,
        // Shown as a tool's observation would be: the session's secrets masked wherever the API echoes them.
        text: context.agent.secrets.maskValues(describeRequestRun(saved, run, context.agent.environment)),
        format: 'text',
      });
    },
  };
}

function savedFlowCommand(name: string): SlashCommand {
  return {
    name,
    description: 'saved flow: attach it to your next message',
    async run(context) {
      const { file, text } = await readSavedFile(context.projectRoot, 'flows', name);
      context.attach(`flow ${name}`, `The saved flow "${name}" (${file}):\n\`\`\`yaml\n${text}\n\`\`\``);
      context.show({ type: 'notice', tone: 'info', text: `Flow "${name}" is attached to your next message.` });
    },
  };
}
