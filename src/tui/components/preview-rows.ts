import type { Preview } from '../../kit/tool/preview.js';
import { wrapPlainText } from './plain-text-layout.js';

/** What approving a command that runs in the background lets it do. */
const BACKGROUND_NOTE = 'in the background: it runs until it ends, is stopped, or the session ends';

export type RowTone = 'plain' | 'added' | 'removed' | 'hunk' | 'header' | 'command' | 'muted';

export interface PreviewRow {
  text: string;
  tone: RowTone;
}

/** What a confirmation shows, as terminal rows of at most `width` columns, each with its colour. */
export function previewRows(preview: Preview, width: number): PreviewRow[] {
  switch (preview.kind) {
    case 'diff':
      return diffRows(preview.diff, width);
    case 'command':
      return [
        ...toned(wrapPlainText(`$ ${preview.command}`, width), 'command'),
        ...(preview.cwd ? toned(wrapPlainText(`in ${preview.cwd}`, width), 'muted') : []),
        ...(preview.background ? toned(wrapPlainText(BACKGROUND_NOTE, width), 'muted') : []),
      ];
    case 'info':
      return toned(wrapPlainText(preview.details.trimEnd(), width), 'plain');
  }
}

function diffRows(diff: string, width: number): PreviewRow[] {
  let inHunk = false;
  return diff
    .trimEnd()
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('@@')) inHunk = true;
      const codeLine = inHunk && /^[+\- ]/.test(line);
      return toned(codeLine ? guttered(line, width) : wrapPlainText(line, width), diffTone(line, inHunk));
    });
}

/**
 * A line of a hunk in rows of `width` columns, each behind the line's own gutter (`+`, `-` or a
 * space), so a wrapped part still reads as added or removed. Code is cut where the row ends rather
 * than at a space: the rows put together are the line, every space kept.
 */
function guttered(line: string, width: number): string[] {
  const gutter = line[0]!;
  const code = line.slice(1).replace(/\t/g, '  ');
  const room = Math.max(1, width - 1);
  const rows: string[] = [];
  for (let start = 0; start === 0 || start < code.length; start += room) rows.push(gutter + code.slice(start, start + room));
  return rows;
}

/** Before the first hunk every line is a header, even one starting with `-`; inside, the sign decides. */
function diffTone(line: string, inHunk: boolean): RowTone {
  if (line.startsWith('@@')) return 'hunk';
  if (!inHunk) return 'header';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('\\')) return 'muted';
  return 'plain';
}

function toned(lines: string[], tone: RowTone): PreviewRow[] {
  return lines.map((text) => ({ text, tone }));
}
