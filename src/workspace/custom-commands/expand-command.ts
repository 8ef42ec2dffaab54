import { readFile } from 'node:fs/promises';
import { resolveInsideProject } from '../../safety/project-path.js';
import type { CustomCommand } from './custom-command.js';

export interface ExpandedCommand {
  /** The prompt sent to the model: arguments in place, `@path` files appended. */
  text: string;
  /** `@path`s that could not be included, a sentence each. */
  problems: string[];
}

const MAX_INCLUDE_BYTES = 100 * 1024;
const INCLUDE = /(^|\s)@([\w./-]*[\w/-])/g;

/**
 * Fills in `$ARGUMENTS` (everything after the name) and `$1`…`$9` (the arguments one by one, quotes
 * grouping words), and appends each `@path` the prompt names: a file inside the project, as text.
 * Arguments given to a prompt that names none are appended to it.
 */
export async function expandCommand(command: CustomCommand, args: string, projectRoot: string): Promise<ExpandedCommand> {
  const words = splitArguments(args);
  const takesArguments = /\$(ARGUMENTS|[1-9])/.test(command.body);
  let text = command.body.replace(/\$ARGUMENTS|\$([1-9])/g, (_whole, digit?: string) => (digit ? (words[Number(digit) - 1] ?? '') : args));
  if (!takesArguments && args) text = `${text}\n\n${args}`;
  const problems: string[] = [];
  const blocks: string[] = [];
  const seen = new Set<string>();
  for (const match of command.body.matchAll(INCLUDE)) {
    const wanted = match[2]!;
    if (seen.has(wanted)) continue;
    seen.add(wanted);
    try {
      const file = await resolveInsideProject(projectRoot, wanted);
      const bytes = await readFile(file.absolute);
      if (bytes.includes(0)) throw new Error('it is a binary file');
      const cut = bytes.length > MAX_INCLUDE_BYTES;
      const content = bytes.subarray(0, MAX_INCLUDE_BYTES).toString('utf8');
      const fence = '`'.repeat(Math.max(3, ...[...content.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      blocks.push(`${file.relative}${cut ? ` (its first ${MAX_INCLUDE_BYTES / 1024} KB)` : ''}:\n${fence}\n${content}\n${fence}`);
    } catch (error) {
      problems.push(`@${wanted} not included: ${(error as Error).message}`);
    }
  }
  return { text: blocks.length ? `${text}\n\n${blocks.join('\n\n')}` : text, problems };
}

/** `a "b c" 'd'` → a, b c, d. */
export function splitArguments(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}
