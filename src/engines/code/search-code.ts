import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { looksBinary } from './binary-content.js';
import { SKIPPED_FOLDERS, assertPatternStaysInside, findProjectFiles } from './project-files.js';

export interface CodeSearchOptions {
  /** A regular expression, matched line by line. */
  pattern: string;
  /** File or folder to search, relative to the project root and already checked to lie inside; default the root. */
  path?: string;
  /** Glob relative to the folder searched (`*.ts`, `src/**\/*.py`); ignored when `path` is a file. */
  filePattern?: string;
  /** Matches kept in the result; the rest are only counted. Default 100. */
  maxMatches?: number;
  /** Use ripgrep when it is on PATH (default); false forces the JavaScript search. */
  preferRipgrep?: boolean;
  signal?: AbortSignal;
}

export interface CodeMatch {
  /** Relative to the project root, with forward slashes. */
  path: string;
  line: number;
  /** The matching line, trimmed and cut to MAX_MATCH_TEXT characters. */
  text: string;
}

export interface CodeSearchResult {
  matches: CodeMatch[];
  totalMatches: number;
  engine: 'ripgrep' | 'javascript';
}

export class InvalidRegexError extends Error {
  override name = 'InvalidRegexError';
}

export const MAX_MATCH_TEXT = 300;
const DEFAULT_MAX_MATCHES = 100;

/**
 * Searches the project's text files for a regex. ripgrep and the JavaScript fallback skip the same
 * folders, symlinks and binary files and walk in the same path order, so they return the same
 * matches, except that ripgrep also honours nested .gitignore/.ignore files and uses Rust regex syntax.
 */
export async function searchCode(projectRoot: string, options: CodeSearchOptions): Promise<CodeSearchResult> {
  if (options.filePattern) assertPatternStaysInside(options.filePattern);
  const target = normalizeRelative(options.path);
  const isFile = (await stat(path.join(projectRoot, target))).isFile();
  const collector = new MatchCollector(options.maxMatches ?? DEFAULT_MAX_MATCHES);
  if (options.preferRipgrep !== false && (await searchWithRipgrep(projectRoot, target, isFile, options, collector))) {
    return collector.result('ripgrep');
  }
  await searchWithJavaScript(projectRoot, target, isFile, options, collector);
  return collector.result('javascript');
}

export function formatCodeMatch(match: CodeMatch): string {
  return `${match.path}:${match.line}: ${match.text}`;
}

class MatchCollector {
  private readonly matches: CodeMatch[] = [];
  private total = 0;

  constructor(private readonly max: number) {}

  add(file: string, line: number, text: string): void {
    this.total++;
    if (this.matches.length >= this.max) return;
    const trimmed = text.trim();
    const cut = trimmed.length > MAX_MATCH_TEXT ? `${trimmed.slice(0, MAX_MATCH_TEXT)}…` : trimmed;
    this.matches.push({ path: file, line, text: cut });
  }

  result(engine: CodeSearchResult['engine']): CodeSearchResult {
    return { matches: this.matches, totalMatches: this.total, engine };
  }
}

/** Returns false when ripgrep is not installed, so the caller falls back. */
async function searchWithRipgrep(
  projectRoot: string,
  target: string,
  isFile: boolean,
  options: CodeSearchOptions,
  collector: MatchCollector,
): Promise<boolean> {
  // Run inside the folder searched so that globs are relative to it, as in the fallback.
  const folder = isFile ? path.posix.dirname(target) : target;
  const globs = isFile
    ? []
    : [...SKIPPED_FOLDERS.map((name) => `!${name}`), ...(options.filePattern ? [options.filePattern] : [])];
  const args = [
    '--json', '--sort', 'path', '--hidden', '--no-require-git', '--no-config',
    ...globs.flatMap((glob) => ['--glob', glob]),
    '--regexp', options.pattern,
    '--', isFile ? path.posix.basename(target) : '.',
  ];
  const { execa } = await import('execa');
  const subprocess = execa('rg', args, {
    cwd: path.join(projectRoot, folder),
    cancelSignal: options.signal,
    reject: false,
    stdin: 'ignore',
    buffer: { stdout: false, stderr: true },
  });
  for await (const line of subprocess) {
    const message = JSON.parse(line) as RipgrepMessage;
    if (message.type !== 'match') continue;
    const file = ripgrepText(message.data.path).replace(/^\.\//, '');
    collector.add(folder === '.' ? file : `${folder}/${file}`, message.data.line_number, ripgrepText(message.data.lines));
  }
  const result = await subprocess;
  options.signal?.throwIfAborted();
  if ((result as { code?: string }).code === 'ENOENT') return false;
  if (result.exitCode === 2 && /regex parse error/.test(result.stderr)) {
    const reason = result.stderr.trim().split('\n').find((line) => line.startsWith('error: ')) ?? 'invalid syntax';
    throw new InvalidRegexError(`invalid regex "${options.pattern}": ${reason.replace(/^error: /, '')}`);
  }
  // Exit 2 also reports unreadable files next to valid matches; only an empty run is a failure.
  if (result.exitCode === 2 && collector.result('ripgrep').totalMatches === 0 && result.stderr.trim()) {
    throw new Error(`ripgrep failed: ${result.stderr.trim().split('\n')[0]}`);
  }
  return true;
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
  return value.text ?? Buffer.from(value.bytes ?? '', 'base64').toString('utf8');
}

async function searchWithJavaScript(
  projectRoot: string,
  target: string,
  isFile: boolean,
  options: CodeSearchOptions,
  collector: MatchCollector,
): Promise<void> {
  const regex = compileRegex(options.pattern);
  const files = isFile
    ? [target]
    : (await findProjectFiles(projectRoot, { folder: target, pattern: options.filePattern })).map((file) => file.path);
  for (const file of files) {
    options.signal?.throwIfAborted();
    const bytes = await readFile(path.join(projectRoot, file)).catch(() => undefined);
    if (!bytes || looksBinary(bytes)) continue;
    const lines = bytes.toString('utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((text, index) => {
      if (regex.test(text)) collector.add(file, index + 1, text);
    });
  }
}

function compileRegex(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (error) {
    // "Invalid regular expression: /foo(/: Unterminated group" → "unterminated group"
    const reason = (error as Error).message.split(': ').at(-1) ?? 'invalid syntax';
    throw new InvalidRegexError(`invalid regex "${pattern}": ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
}

function normalizeRelative(target: string | undefined): string {
  const normalized = path.posix.normalize((target ?? '.').replaceAll('\\', '/')).replace(/\/+$/, '');
  return normalized === '' ? '.' : normalized;
}
