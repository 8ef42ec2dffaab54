import { keyHelpLines } from '../keys/key-help.js';
import type { SlashCommand } from './session-slash-command.js';

export function helpCommand(all: () => readonly SlashCommand[]): SlashCommand {
  return {
    name: 'help',
    description: 'commands and keys',
    async run(context) {
      const commands = all().map((c) => `  ${(c.usage ?? `/${c.name}`).padEnd(24)} ${c.description}`);
      context.show({ type: 'output', title: 'Help', text: ['Commands', ...commands, '', ...keyHelpLines()].join('\n'), format: 'text' });
    },
  };
}

export const toolsCommand: SlashCommand = {
  name: 'tools',
  description: 'the tools Falcon can use, with their calls in this session',
  async run(context) {
    const counts = context.agent.callCounts;
    const lines = context.agent.tools.map((tool) => {
      const calls = counts.get(tool.name) ?? 0;
      return `  ${tool.name.padEnd(16)} ${String(calls).padStart(3)} call${calls === 1 ? ' ' : 's'}  ${tool.description}`;
    });
    context.show({ type: 'output', title: `Tools (${lines.length})`, text: lines.join('\n'), format: 'text' });
  },
};
