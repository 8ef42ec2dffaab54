import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnyTool } from '../tools/tool.js';
import { describeTools } from '../tools/tool-reference.js';
import { falconPath } from '../workspace/falcon-dir.js';
import { packageRoot } from '../package-root.js';

const PROJECT_NOTES_LIMIT = 8_000;

export interface SystemPromptInput {
  tools: readonly AnyTool[];
  projectRoot: string;
  /** The environment `{{VAR}}` placeholders resolve from when the session starts. */
  environment?: string;
  now?: Date;
}

/** prompts/*.md in name order, then the tool reference from the registry, then the session context. */
export async function buildSystemPrompt(input: SystemPromptInput): Promise<string> {
  const sections = await readPromptSections(path.join(packageRoot(), 'prompts'));
  sections.push(`# Tools\n\n${describeTools(input.tools)}`);
  sections.push(await describeSession(input));
  return sections.join('\n\n');
}

async function readPromptSections(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(names.map(async (name) => (await readFile(path.join(dir, name), 'utf8')).trim()));
}

async function describeSession({ projectRoot, environment, now = new Date() }: SystemPromptInput): Promise<string> {
  const lines = [
    '# This session',
    '',
    `- Project folder: ${projectRoot}`,
    `- Active environment: ${environment ?? 'none'} (\`{{VAR}}\` in requests resolves from it; \`{{env:NAME}}\` reads the process environment)`,
    `- Date: ${now.toISOString().slice(0, 10)}`,
    `- Platform: ${process.platform}`,
  ];
  const notes = await readProjectNotes(projectRoot);
  if (notes) lines.push('', '## What is known about this API (.falcon/falcon.md)', '', notes);
  return lines.join('\n');
}

async function readProjectNotes(projectRoot: string): Promise<string | undefined> {
  try {
    const text = (await readFile(falconPath(projectRoot, 'falcon.md'), 'utf8')).trim();
    if (text.length <= PROJECT_NOTES_LIMIT) return text;
    return `${text.slice(0, PROJECT_NOTES_LIMIT)}\n… (truncated; read .falcon/falcon.md for the rest)`;
  } catch {
    return undefined;
  }
}
