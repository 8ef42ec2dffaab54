import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconHome } from '../../config/falcon-home.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import { keyHelpLines } from '../keys/key-help.js';
import type { SlashCommand } from './slash-command.js';

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

export const memoryCommand: SlashCommand = {
  name: 'memory',
  description: 'what Falcon remembers: facts and what it knows about this API',
  async run(context) {
    const facts = await readText(path.join(falconHome(context.env), 'memory.json'));
    const knowledge = await readText(falconPath(context.projectRoot, 'falcon.md'));
    const parts = [
      '## Remembered facts (~/.falcon/memory.json)',
      facts ? formatFacts(facts) : '_Nothing remembered yet._',
      '## This API (.falcon/falcon.md)',
      knowledge ?? '_No .falcon/falcon.md yet: run /init._',
    ];
    context.show({ type: 'output', title: 'Memory', text: parts.join('\n\n'), format: 'markdown' });
  },
};

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function formatFacts(json: string): string {
  try {
    const data = JSON.parse(json) as unknown;
    const facts = Array.isArray(data) ? data : ((data as { facts?: unknown[] }).facts ?? []);
    if (facts.length === 0) return '_Nothing remembered yet._';
    return facts.map((fact) => `- ${typeof fact === 'string' ? fact : ((fact as { text?: string }).text ?? JSON.stringify(fact))}`).join('\n');
  } catch {
    return '_memory.json is not valid JSON._';
  }
}
