import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CodeLine, CodeMatch, CodeSearchOptions, CodeSearchResult } from './code-search-types.js';
import { refuseFalconLog } from './falcon-logs.js';
import { MatchCollector } from './match-collector.js';
import { searchWithJavaScript } from './search-with-javascript.js';
import { searchWithRipgrep } from './search-with-ripgrep.js';
import { assertPatternStaysInside } from '../../safety/file-pattern.js';
import { type GlobBaseLinks, RealPathCheck } from '../../safety/real-path-check.js';

export type { CodeLine, CodeMatch, CodeSearchOptions, CodeSearchResult } from './code-search-types.js';
export { InvalidRegexError } from './code-search-types.js';
export { FalconLogError } from './falcon-logs.js';
export { MAX_MATCH_TEXT } from './match-collector.js';

const DEFAULT_MAX_MATCHES = 100;
const NO_LINKS: GlobBaseLinks = { outside: [], inside: [] };

/**
 * Searches the project's text files. ripgrep and the JavaScript fallback skip the same folders,
 * Falcon's logs, symlinks, binary and .gitignore'd files and walk in the same path order, so they
 * return the same lines, except that ripgrep also honours .ignore files and git's global excludes,
 * and reads the pattern as a Rust regex (a pattern only JavaScript understands goes to the fallback).
 */
export async function searchCode(projectRoot: string, options: CodeSearchOptions): Promise<CodeSearchResult> {
  if (options.filePattern) assertPatternStaysInside(options.filePattern);
  const target = normalizeRelative(options.path);
  refuseFalconLog(target);
  const isFile = (await stat(path.join(projectRoot, target))).isFile();
  const links = options.filePattern && !isFile ? await linksNamedBy(projectRoot, target, options.filePattern) : NO_LINKS;
  const context = options.contextLines ?? 0;
  const collector = () => new MatchCollector(options.maxMatches ?? DEFAULT_MAX_MATCHES, context);
  // ripgrep follows no link, not even one the file pattern names; the fallback follows those that stay inside.
  if (options.preferRipgrep !== false && links.inside.length === 0) {
    const viaRipgrep = collector();
    if (await searchWithRipgrep(projectRoot, { path: target, isFile }, options, viaRipgrep)) {
      return { ...viaRipgrep.result('ripgrep'), linksOutside: links.outside };
    }
  }
  const viaJavaScript = collector();
  await searchWithJavaScript(projectRoot, { path: target, isFile }, options, viaJavaScript);
  return { ...viaJavaScript.result('javascript'), linksOutside: links.outside };
}

/**
 * The links the file pattern names before its first wildcard (`link` in `link/**`). Those leading
 * out are searched by neither engine, and said so; links met deeper in the walk are skipped without
 * a word, as ripgrep skips every link.
 */
async function linksNamedBy(projectRoot: string, folder: string, filePattern: string): Promise<GlobBaseLinks> {
  const check = await RealPathCheck.open(projectRoot);
  return check.linksOnGlobBases(folder === '.' ? '' : folder, filePattern);
}

/** `path:line: text`. */
export function formatCodeMatch(match: CodeMatch): string {
  return `${match.path}:${match.line}: ${match.text}`;
}

/**
 * As grep and ripgrep print them: `path:line: text` for matches, `path-line- text` for context
 * lines and, when context was asked for, `--` between groups of lines.
 */
export function formatCodeLines(lines: readonly CodeLine[], contextLines: number): string[] {
  const out: string[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    const newGroup = previous && (previous.path !== line.path || previous.line + 1 !== line.line);
    if (contextLines > 0 && newGroup) out.push('--');
    out.push(line.isMatch ? formatCodeMatch(line) : `${line.path}-${line.line}- ${line.text}`);
  });
  return out;
}

function normalizeRelative(target: string | undefined): string {
  const normalized = path.posix.normalize((target ?? '.').replaceAll('\\', '/')).replace(/\/+$/, '');
  return normalized === '' ? '.' : normalized;
}
