import { terminalSafeText } from '../../safety/terminal-text.js';
import type { CustomCommand } from '../../workspace/custom-commands/custom-command.js';
import { expandCommand } from '../../workspace/custom-commands/expand-command.js';
import type { SlashCommand } from './session-slash-command.js';

/** `/name args`: the command's prompt, filled in, sent as the user's message; its run may use its tools and model. */
export function customSlashCommand(command: CustomCommand): SlashCommand {
  return {
    name: command.name,
    // Read from a file: shown in the / list and /help without its escape sequences.
    description: terminalSafeText(`${command.description} (${command.scope === 'project' ? 'project' : 'your'} command)`),
    usage: terminalSafeText(`/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`),
    async run(context) {
      if (context.agent.busy) return context.show({ type: 'notice', tone: 'warning', text: `Falcon is working: /${command.name} when the turn has ended.` });
      const expanded = await expandCommand(command, context.args, context.projectRoot);
      for (const problem of expanded.problems) context.show({ type: 'notice', tone: 'warning', text: problem });
      const options = { allow: command.allowedTools, ...(command.model && { model: command.model }) };
      await context.send(expanded.text, options, `/${command.name}${context.args ? ` ${context.args}` : ''}`);
    },
  };
}
