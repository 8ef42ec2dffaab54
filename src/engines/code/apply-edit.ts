import { findClosestLines } from './closest-lines.js';

export interface EditRequest {
  oldString: string;
  newString: string;
  /** Replace every occurrence; without it, more than one occurrence is an error. */
  replaceAll?: boolean;
}

export interface EditOutcome {
  text: string;
  /** 1-based first line of each replaced occurrence, in the text before the edit. */
  lines: number[];
  /** The text was found only with whitespace and indentation ignored, and the replacement re-indented. */
  tolerant: boolean;
}

/** old_string was not found, found too often, or the request makes no change; the message says which. */
export class EditMatchError extends Error {
  override name = 'EditMatchError';
}

/**
 * Replaces `oldString` in `text`: an exact match first; failing that, a match of whole lines
 * compared with leading, trailing and repeated whitespace ignored, the replacement re-indented to
 * the indentation of the block it replaces. Expects `\n` line endings (a stray `\r` is whitespace).
 */
export function applyEdit(text: string, request: EditRequest): EditOutcome {
  const { oldString, newString } = request;
  if (oldString === '') throw new EditMatchError('old_string is empty; give the text to replace (write_file creates files)');
  if (oldString === newString) throw new EditMatchError('old_string and new_string are the same; nothing would change');
  const exact = findAll(text, oldString);
  if (exact.length > 0) {
    const lines = exact.map((index) => lineAt(text, index));
    assertSingleOrAll(lines, request.replaceAll);
    const edited = request.replaceAll ? text.replaceAll(oldString, () => newString) : replaceAt(text, exact[0] as number, oldString, newString);
    return { text: edited, lines, tolerant: false };
  }
  return applyTolerantEdit(text, request);
}

function applyTolerantEdit(text: string, request: EditRequest): EditOutcome {
  const fileLines = text.split('\n');
  const old = withoutBlankEnds(request.oldString.split('\n'));
  if (old.lines.length === 0) throw new EditMatchError('old_string is only whitespace; give the text to replace');
  const wanted = old.lines.map(lineKey);
  const starts: number[] = [];
  for (let i = 0; i + wanted.length <= fileLines.length; i++) {
    if (wanted.every((key, k) => lineKey(fileLines[i + k] as string) === key)) {
      starts.push(i);
      i += wanted.length - 1;
    }
  }
  if (starts.length === 0) throw new EditMatchError(describeNotFound(fileLines, old.lines));
  assertSingleOrAll(
    starts.map((start) => start + 1),
    request.replaceAll,
  );
  const replacementLines = trimMatchingBlankEnds(request.newString.split('\n'), old);
  const oldIndent = indentOf(old.lines[0] as string);
  // From the last occurrence back, so earlier indexes stay valid.
  for (const start of [...starts].reverse()) {
    const block = fileLines.slice(start, start + wanted.length);
    const replacement = reindent(replacementLines, oldIndent, indentOf(block.find((line) => line.trim() !== '') ?? ''));
    const carriageReturn = block[0]?.endsWith('\r') ? '\r' : '';
    fileLines.splice(start, wanted.length, ...replacement.map((line) => line + carriageReturn));
  }
  return { text: fileLines.join('\n'), lines: starts.map((start) => start + 1), tolerant: true };
}

function assertSingleOrAll(lines: number[], replaceAll: boolean | undefined): void {
  if (lines.length > 1 && !replaceAll) {
    throw new EditMatchError(
      `old_string occurs ${lines.length} times (at lines ${lines.join(', ')}); add surrounding lines to make it unique, or set replace_all to change every occurrence`,
    );
  }
}

function findAll(text: string, search: string): number[] {
  const found: number[] = [];
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) found.push(index);
  return found;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function replaceAt(text: string, index: number, oldString: string, newString: string): string {
  return text.slice(0, index) + newString + text.slice(index + oldString.length);
}

/** A line as the tolerant match sees it: no indentation, no trailing space, inner runs of whitespace as one space. */
function lineKey(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

interface TrimmedLines {
  lines: string[];
  leading: number;
  trailing: number;
}

function withoutBlankEnds(lines: string[]): TrimmedLines {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] as string).trim() === '') start++;
  while (end > start && (lines[end - 1] as string).trim() === '') end--;
  return { lines: lines.slice(start, end), leading: start, trailing: lines.length - end };
}

/** Drops the blank lines at the ends of new_string that stand for the ones dropped from old_string. */
function trimMatchingBlankEnds(lines: string[], old: TrimmedLines): string[] {
  const own = withoutBlankEnds(lines);
  if (own.lines.length === 0) return [];
  const start = Math.min(old.leading, own.leading);
  return lines.slice(start, lines.length - Math.min(old.trailing, own.trailing));
}

function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** Moves lines written at `from` indentation to `to`, keeping their indentation relative to it. */
function reindent(lines: string[], from: string, to: string): string[] {
  return lines.map((line) => {
    if (line.trim() === '') return '';
    if (line.startsWith(from)) return to + line.slice(from.length);
    const shortfall = from.length - indentOf(line).length;
    return to.slice(0, Math.max(0, to.length - shortfall)) + line.trimStart();
  });
}

function describeNotFound(fileLines: string[], wanted: string[]): string {
  const hint = wanted.every((line) => /^\s*\d+(\s\s|\t|:|→)/.test(line)) ? ' It seems to start with line numbers from read_file; leave them out.' : '';
  const closest = findClosestLines(fileLines, wanted);
  if (!closest || closest.similarity < 0.3) {
    return `old_string was not found, not even with whitespace ignored, and nothing is close to it.${hint} Read the file again and copy the text exactly.`;
  }
  const shown = closest.lines.slice(0, 12).map((line, i) => `${String(closest.line + i).padStart(5)}  ${line.replace(/\r$/, '')}`);
  if (closest.lines.length > 12) shown.push(`       … ${closest.lines.length - 12} more lines`);
  const percent = Math.round(closest.similarity * 100);
  return `old_string was not found, not even with whitespace ignored.${hint} The closest text (${percent}% similar) is at line ${closest.line}:\n${shown.join('\n')}\nCopy the text exactly from the file (without line numbers) and retry.`;
}
