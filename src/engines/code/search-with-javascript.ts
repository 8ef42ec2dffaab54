import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { looksBinary } from './binary-content.js';
import { type CodeSearchOptions, InvalidRegexError, type SearchTarget } from './code-search-types.js';
import type { MatchCollector } from './match-collector.js';
import { findProjectFilePaths, type ProjectPath } from './project-files.js';
import { shownPath } from '../../safety/shown-path.js';

/** Files read at once; enough to keep the disk busy without holding many large files in memory. */
const READ_AHEAD = 32;
const LOOK_AROUND = /\(\?<?[=!]/;

/** The same search as ripgrep's, in JavaScript, for machines without ripgrep. */
export async function searchWithJavaScript(projectRoot: string, target: SearchTarget, options: CodeSearchOptions, collector: MatchCollector): Promise<void> {
  const regex = compileSearchRegex(options);
  // A file with no match anywhere is skipped without splitting it into lines (plain text: without
  // even decoding it). Look-arounds could see across line ends in the whole text: no shortcut.
  const needle = options.literal && !options.ignoreCase ? Buffer.from(options.pattern) : undefined;
  const wholeText = LOOK_AROUND.test(options.pattern) ? undefined : new RegExp(regex.source, `${regex.flags}m`);
  const found: ProjectPath[] = target.isFile
    ? [{ path: target.path, shown: shownPath(target.path), location: path.join(projectRoot, target.path) }]
    : await findProjectFilePaths(projectRoot, { folder: target.path, pattern: options.filePattern });
  const files = options.exclude ? found.filter((file) => !options.exclude!(file.path)) : found;
  for (let start = 0; start < files.length; start += READ_AHEAD) {
    options.signal?.throwIfAborted();
    const batch = files.slice(start, start + READ_AHEAD);
    const contents = await Promise.all(batch.map((file) => readFile(file.location).catch(() => undefined)));
    batch.forEach((file, i) => {
      const bytes = contents[i];
      if (!bytes || looksBinary(bytes) || (needle && !bytes.includes(needle))) return;
      const text = bytes.toString('utf8');
      if (wholeText && !wholeText.test(text)) return;
      searchLines(file.shown, text, regex, options.contextLines ?? 0, collector);
    });
  }
}

function searchLines(file: string, text: string, regex: RegExp, context: number, collector: MatchCollector): void {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const matching = lines.map((line) => regex.test(line));
  let shownUpTo = -1;
  matching.forEach((isMatch, index) => {
    if (!isMatch) return;
    for (let i = Math.max(index - context, shownUpTo + 1); i < index; i++) collector.addContext(file, i + 1, lines[i] as string);
    collector.addMatch(file, index + 1, lines[index] as string);
    shownUpTo = index;
    // After-context runs until the next match, which then continues from there.
    for (let i = index + 1; i <= Math.min(index + context, lines.length - 1) && !matching[i]; i++) {
      collector.addContext(file, i + 1, lines[i] as string);
      shownUpTo = i;
    }
  });
}

/** The pattern as a JavaScript regex (escaped when literal); InvalidRegexError names the problem. */
export function compileSearchRegex(options: Pick<CodeSearchOptions, 'pattern' | 'literal' | 'ignoreCase'>): RegExp {
  const source = options.literal ? options.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : options.pattern;
  try {
    return new RegExp(source, options.ignoreCase ? 'i' : '');
  } catch (error) {
    // "Invalid regular expression: /foo(/: Unterminated group" → "unterminated group"
    const reason = (error as Error).message.split(': ').at(-1) ?? 'invalid syntax';
    throw new InvalidRegexError(`invalid regex "${options.pattern}": ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
}
