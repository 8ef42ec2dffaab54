import path from 'node:path';
import type { CodeSearchOptions, SearchTarget } from './code-search-types.js';
import { falconLogGlobs } from './falcon-logs.js';
import type { MatchCollector } from './match-collector.js';
import { compileSearchRegex } from './search-with-javascript.js';
import { shownPath } from '../../safety/shown-path.js';
import { SKIPPED_FOLDERS } from '../../safety/skipped-folders.js';

/**
 * Searches with ripgrep. Returns false when the JavaScript search must do it instead: ripgrep is
 * not installed, or the pattern is valid only in JavaScript syntax (look-around, back-references).
 */
export async function searchWithRipgrep(projectRoot: string, target: SearchTarget, options: CodeSearchOptions, collector: MatchCollector): Promise<boolean> {
  // Run inside the folder searched so that globs are relative to it, as in the fallback. The later
  // of two matching globs wins: the exclusions come after the file pattern, so that none can undo them.
  // ripgrep does not follow symlinks unless told to (--follow), so nothing it finds leads out.
  const folder = target.isFile ? path.posix.dirname(target.path) : target.path;
  const globs = target.isFile
    ? []
    : [
        ...(options.filePattern ? [options.filePattern] : []),
        ...SKIPPED_FOLDERS.map((name) => `!${name}`),
        ...falconLogGlobs(folder).map((log) => (log.startsWith('**/') ? `!${log}` : `!/${log}`)),
      ];
  const args = [
    '--json',
    '--sort',
    'path',
    '--hidden',
    '--no-require-git',
    '--no-config',
    ...(options.literal ? ['--fixed-strings'] : []),
    ...(options.ignoreCase ? ['--ignore-case'] : []),
    ...(options.contextLines ? ['--context', String(options.contextLines)] : []),
    ...globs.flatMap((glob) => ['--glob', glob]),
    '--regexp',
    options.pattern,
    '--',
    target.isFile ? path.posix.basename(target.path) : '.',
  ];
  // Looked up first: spawning a missing program and then stopping it (as execa does on the error)
  // makes Node signal process 0 — Falcon's whole process group.
  const ripgrep = await findRipgrep();
  if (!ripgrep) return false;
  const { execa } = await import('execa');
  const subprocess = execa(ripgrep, args, {
    cwd: path.join(projectRoot, folder),
    cancelSignal: options.signal,
    reject: false,
    stdin: 'ignore',
    buffer: { stdout: false, stderr: true },
  });
  let pending = '';
  subprocess.stdout.setEncoding('utf8');
  subprocess.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) collect(line, folder, collector, options.exclude);
  });
  const result = await subprocess;
  options.signal?.throwIfAborted();
  if (result.exitCode === 2 && /regex parse error/.test(result.stderr)) {
    // Throws InvalidRegexError when JavaScript cannot read the pattern either.
    compileSearchRegex(options);
    return false;
  }
  // Exit 2 also reports unreadable files next to valid matches; only an empty run is a failure.
  if (result.exitCode === 2 && collector.result('ripgrep').totalMatches === 0 && result.stderr.trim()) {
    throw new Error(`ripgrep failed: ${result.stderr.trim().split('\n')[0]}`);
  }
  return true;
}

/** ripgrep on PATH, looked up on each search: PATH may change while Falcon runs. */
async function findRipgrep(): Promise<string | undefined> {
  const { default: which } = await import('which');
  return (await which('rg', { nothrow: true })) ?? undefined;
}

/**
 * One line of `rg --json`. Most lines of a search with many matches are matches past the kept
 * ones; those are recognised by their start and counted without parsing.
 */
function collect(line: string, folder: string, collector: MatchCollector, exclude?: (file: string) => boolean): void {
  const isMatch = line.startsWith('{"type":"match"');
  if (isMatch && collector.isFull && !exclude) return collector.countMatch();
  if (!isMatch && !(line.startsWith('{"type":"context"') && collector.needsContext)) return;
  const message = JSON.parse(line) as RipgrepMessage;
  const relative = ripgrepBytes(message.data.path);
  const inFolder = relative.subarray(relative.subarray(0, 2).toString('latin1') === './' ? 2 : 0);
  const file = shownPath(folder === '.' ? inFolder : Buffer.concat([Buffer.from(`${folder}/`, 'utf8'), inFolder]));
  if (exclude?.(file)) return;
  if (isMatch && collector.isFull) return collector.countMatch();
  const text = ripgrepText(message.data.lines).replace(/\r?\n$/, '');
  if (isMatch) collector.addMatch(file, message.data.line_number, text);
  else collector.addContext(file, message.data.line_number, text);
}

interface RipgrepText {
  text?: string;
  bytes?: string;
}

interface RipgrepMessage {
  type: string;
  data: { path: RipgrepText; lines: RipgrepText; line_number: number };
}

/** ripgrep sends text that is not valid UTF-8 as base64 bytes. */
function ripgrepText(value: RipgrepText): string {
  return ripgrepBytes(value).toString('utf8');
}

function ripgrepBytes(value: RipgrepText): Buffer {
  return value.text === undefined ? Buffer.from(value.bytes ?? '', 'base64') : Buffer.from(value.text, 'utf8');
}
