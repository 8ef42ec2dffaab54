import type { SourceFile } from '../source/source-file.js';

const MAX_BLOCK_LINES = 400;

/**
 * Where the function, method or class starting at `start` ends (an offset): by braces in C-like
 * languages, by indentation in Python, by the matching `end` in Ruby.
 */
export function blockEnd(file: SourceFile, start: number): number {
  if (file.language === 'python') return pythonBlockEnd(file, start);
  if (file.language === 'ruby') return rubyBlockEnd(file, start);
  return braceBlockEnd(file, start);
}

function braceBlockEnd(file: SourceFile, start: number): number {
  const sk = file.skeleton;
  let depth = 0;
  for (let i = start; i < sk.length; i++) {
    const c = sk[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') {
      if (--depth < 0) return i;
    } else if (c === '{') {
      const close = file.closing(i);
      if (close === undefined) return sk.length;
      if (depth === 0) return close + 1;
      i = close;
    } else if (c === ';' && depth === 0) return i + 1;
    // An expression-bodied function without a semicolon ends before a blank line at the latest.
    else if (c === '\n' && depth === 0 && /^\n[ \t]*\n/.test(sk.slice(i, i + 200))) return i;
  }
  return sk.length;
}

function pythonBlockEnd(file: SourceFile, start: number): number {
  const definition = /^([ \t]*)(?:async\s+)?(?:def|class)\b/m;
  const rest = file.code.slice(start);
  const found = definition.exec(rest);
  if (!found) return lineEndAt(file, file.lineAt(start));
  const defOffset = start + found.index;
  const indent = (found[1] as string).length;
  const open = file.code.indexOf('(', defOffset);
  const signatureEnd = open >= 0 && file.code.slice(defOffset, open).indexOf('\n') < 0 ? (file.closing(open) ?? open) : defOffset;
  let last = file.lineAt(signatureEnd);
  const limit = Math.min(file.lineCount, last + MAX_BLOCK_LINES);
  for (let line = last + 1; line <= limit; line++) {
    const text = file.lineText(line);
    if (!text.trim()) continue;
    if (indentation(text) <= indent) break;
    last = line;
  }
  return lineEndAt(file, last);
}

function rubyBlockEnd(file: SourceFile, start: number): number {
  const first = file.lineAt(start);
  const indent = indentation(file.lineText(first));
  const limit = Math.min(file.lineCount, first + MAX_BLOCK_LINES);
  for (let line = first + 1; line <= limit; line++) {
    const text = file.lineText(line);
    if (/^\s*end\b/.test(text) && indentation(text) <= indent) return lineEndAt(file, line);
  }
  return lineEndAt(file, first);
}

function indentation(text: string): number {
  return (/^[ \t]*/.exec(text)?.[0] ?? '').replaceAll('\t', '    ').length;
}

function lineEndAt(file: SourceFile, line: number): number {
  return file.offsetOfLine(line) + file.lineText(line).length;
}
