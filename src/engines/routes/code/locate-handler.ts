import type { RouteDeclaration } from '../route.js';
import type { Language } from '../source/mask-source.js';
import type { SourceFile } from '../source/source-file.js';
import { type SourceSet, languageOf } from '../source/source-set.js';
import { blockEnd } from './block-end.js';

/** The code of a route's handler. */
export interface HandlerCode {
  file: string;
  /** 1-based line of the first line shown. */
  line: number;
  /** At most MAX_HANDLER_LINES lines. */
  lines: string[];
  /** Lines of the handler left out. */
  moreLines: number;
}

const MAX_HANDLER_LINES = 60;

/** Finds the handler's code: where the route says it is, or by its name in the hinted files, then anywhere. */
export async function locateHandler(sources: SourceSet, route: RouteDeclaration): Promise<HandlerCode | undefined> {
  const { at, name } = route.handler;
  if (at) {
    const file = await sources.file(at.file);
    if (!file) return undefined;
    const line = file.lineAt(at.offset);
    // An inline handler is shown together with the route that declares it.
    const first = file.path === route.file && route.line <= line && line - route.line <= 3 ? route.line : line;
    return codeOf(file, first, blockEnd(file, at.offset));
  }
  if (!name) return undefined;
  const found = await findDefinition(sources, route);
  return found && codeOf(found.file, withDecorators(found.file, found.file.lineAt(found.offset)), blockEnd(found.file, found.offset));
}

async function findDefinition(sources: SourceSet, route: RouteDeclaration): Promise<{ file: SourceFile; offset: number } | undefined> {
  const { name, className, hints = [] } = route.handler;
  const language = languageOf(route.file);
  const first = [...new Set([...hints, route.file])].filter((path) => sources.has(path));
  const everywhere = [...first, ...sources.paths.filter((path) => languageOf(path) === language && !first.includes(path))];
  // A method of a class that is nowhere in the project (a framework's own controller) is not looked for by name alone.
  const attempts: Array<[string[], string | undefined]> = className
    ? [
        [everywhere, className],
        [first, undefined],
      ]
    : [[everywhere, undefined]];
  for (const [paths, inClass] of attempts) {
    for (const path of paths) {
      const file = await sources.file(path);
      const offset = file && definitionIn(file, name as string, inClass);
      if (file && offset !== undefined) return { file, offset };
    }
  }
  return undefined;
}

function definitionIn(file: SourceFile, name: string, className: string | undefined): number | undefined {
  if (!className) return firstMatch(definitionPatterns(file.language, name), file.code, 0);
  if (file.language === 'go') {
    const method = new RegExp(`^func\\s+\\(\\s*\\w*\\s*\\*?${escape(className)}\\s*\\)\\s*${escape(name)}\\s*\\(`, 'gm');
    return firstMatch([method], file.code, 0);
  }
  const classStart = firstMatch([classPattern(file.language, className)], file.code, 0);
  if (classStart === undefined) return undefined;
  return firstMatch(definitionPatterns(file.language, name), file.code, classStart, blockEnd(file, classStart));
}

function definitionPatterns(language: Language, name: string): RegExp[] {
  const n = escape(name);
  const sources: Record<Language, string[]> = {
    js: [
      `\\b(?:async\\s+)?function\\s*\\*?\\s*${n}\\s*[<(]`,
      `\\b(?:const|let|var)\\s+${n}\\s*(?::[^=\\n]+)?=`,
      `^[ \\t]*(?:(?:public|private|protected|static|async|override)\\s+)*${n}\\s*(?:<[^>\\n]*>)?\\([^)]*\\)\\s*(?::[^{\\n]+)?\\{`,
      `\\b${n}\\s*:\\s*(?:async\\s*)?(?:function\\b|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>)`,
      `\\bexports\\.${n}\\s*=`,
    ],
    python: [`^[ \\t]*(?:async\\s+)?def\\s+${n}\\s*\\(`, `^[ \\t]*class\\s+${n}\\b`],
    go: [`^func\\s+(?:\\([^)]*\\)\\s*)?${n}\\s*[[(]`, `\\b${n}\\s*:?=\\s*func\\b`],
    ruby: [`^[ \\t]*def\\s+(?:self\\.)?${n}\\b`],
    php: [`\\bfunction\\s+${n}\\s*\\(`],
    java: [
      `^[ \\t]*(?:(?:public|private|protected|static|final|suspend|override|open|synchronized)\\s+)*(?:fun\\s+(?:<[^>]*>\\s*)?|[\\w<>[\\],.?]+\\s+)${n}\\s*\\(`,
    ],
    rust: [`\\bfn\\s+${n}\\b`],
  };
  return sources[language].map((source) => new RegExp(source, 'gm'));
}

function classPattern(language: Language, className: string): RegExp {
  const n = escape(className);
  if (language === 'ruby') return new RegExp(`^[ \\t]*class\\s+(?:\\w+::)*${n}\\b`, 'gm');
  if (language === 'rust') return new RegExp(`\\bimpl\\s+${n}\\b`, 'gm');
  return new RegExp(`\\b(?:class|object)\\s+${n}\\b`, 'gm');
}

/** The earliest offset in [from, to) where one of the patterns matches. */
function firstMatch(patterns: RegExp[], code: string, from: number, to = code.length): number | undefined {
  let best: number | undefined;
  for (const pattern of patterns) {
    pattern.lastIndex = from;
    const match = pattern.exec(code);
    if (match && match.index < to && (best === undefined || match.index < best)) best = match.index;
  }
  return best;
}

/** Decorators and attributes just above a definition belong to it (`@require_GET`, `#[get("/")]`). */
export function withDecorators(file: SourceFile, line: number): number {
  let first = line;
  while (first > 1 && /^\s*(?:@|#\[)/.test(file.lineText(first - 1))) first--;
  return first;
}

export function codeOf(file: SourceFile, first: number, end: number): HandlerCode {
  const last = Math.max(first, file.lineAt(Math.max(end - 1, 0)));
  const shown = Math.min(last - first + 1, MAX_HANDLER_LINES);
  const lines = Array.from({ length: shown }, (_, i) => file.lineText(first + i));
  return { file: file.path, line: first, lines, moreLines: last - first + 1 - shown };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
