import type { Preview } from '../../tools/preview.js';
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
      return toned(wrapPlainText(line, width), diffTone(line, inHunk));
    });
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
