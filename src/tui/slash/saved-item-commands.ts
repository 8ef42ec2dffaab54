import { sendRequest, type HttpBody } from '../../engines/http/send-request.js';
import { describeResponse } from '../../tools/http-request.js';
import { listSavedNames, loadSavedRequest, readSavedFile, urlWithQuery } from '../../workspace/saved-requests.js';
import type { SlashCommand } from './slash-command.js';

/** Saved requests run at once and show their response; saved flows are attached to the next message. */
export async function savedItemCommands(projectRoot: string): Promise<SlashCommand[]> {
  const [requests, flows] = await Promise.all([listSavedNames(projectRoot, 'requests'), listSavedNames(projectRoot, 'flows')]);
  return [...requests.map(savedRequestCommand), ...flows.filter((name) => !requests.includes(name)).map(savedFlowCommand)];
}

function savedRequestCommand(name: string): SlashCommand {
  return {
    name,
    description: 'saved request: send it now',
    async run(context) {
      const saved = await loadSavedRequest(context.projectRoot, name);
      const variables = context.agent.variables;
      const url = await variables.resolve(urlWithQuery(saved));
      const response = await sendRequest({
        method: saved.method.toUpperCase(),
        url,
        headers: saved.headers && (await variables.resolveDeep(saved.headers)),
        body: (await variables.resolveDeep(saved.body)) as HttpBody | undefined,
      });
      context.show({ type: 'output', title: `${saved.method.toUpperCase()} ${url}`, text: describeResponse(response), format: 'text' });
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
