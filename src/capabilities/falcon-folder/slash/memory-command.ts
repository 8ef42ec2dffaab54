import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconHome } from '../../../config/falcon-home.js';
import type { SlashCommand } from '../../../kit/slash/slash-command.js';
import { falconPath } from '../../../workspace/falcon-dir.js';

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
