// File diffs as lines every front end draws in its own colours: the terminal, the TUI, the dashboard.

import type { FileDiff } from './file-diffs.js';

const BINARY_NOTE = 'binary file: contents not shown';

export type DiffTone = 'file' | 'hunk' | 'added' | 'removed' | 'plain' | 'muted';

export interface DiffLine {
  text: string;
  tone: DiffTone;
}

/** `src/app.ts (renamed from src/main.ts, +3 −1)`. */
export function fileHeading(diff: FileDiff): string {
  const what = [statusNote(diff), diff.modeChange ? `mode ${diff.modeChange}` : undefined, counts(diff)].filter(Boolean);
  return `${diff.path} (${what.join(', ')})`;
}

/** One file: its heading, then its hunks line by line. */
export function diffLines(diff: FileDiff): DiffLine[] {
  const body = diff.binary
    ? [{ text: BINARY_NOTE, tone: 'muted' as const }]
    : diff.hunks === ''
      ? []
      : diff.hunks.split('\n').map((text): DiffLine => ({ text, tone: lineTone(text) }));
  return [{ text: fileHeading(diff), tone: 'file' }, ...body];
}

/** Every file, a blank line between them. */
export function diffsAsLines(diffs: readonly FileDiff[]): DiffLine[] {
  return diffs.flatMap((diff, index) => [...(index > 0 ? [{ text: '', tone: 'plain' as const }] : []), ...diffLines(diff)]);
}

/** `--stat`: a line per file with its added and removed lines, then the totals. */
export function statLines(diffs: readonly FileDiff[]): string[] {
  const width = Math.min(60, Math.max(...diffs.map((diff) => diff.path.length)));
  const rows = diffs.map((diff) => {
    const note = statusNote(diff);
    return `${diff.path.padEnd(width)} | ${counts(diff)}${note ? ` (${note})` : ''}`;
  });
  const added = diffs.reduce((sum, diff) => sum + diff.additions, 0);
  const removed = diffs.reduce((sum, diff) => sum + diff.deletions, 0);
  return [...rows, `${diffs.length} file${diffs.length === 1 ? '' : 's'} changed, +${added} −${removed}`];
}

function statusNote(diff: FileDiff): string | undefined {
  if (diff.status === 'added') return 'new file';
  if (diff.status === 'deleted') return 'deleted';
  if (diff.status === 'renamed') return `renamed from ${diff.oldPath}`;
  return undefined;
}

function counts(diff: FileDiff): string {
  return diff.binary ? 'binary' : `+${diff.additions} −${diff.deletions}`;
}

/** A line of `diffsAsLines`' text, read back: a file's heading starts with none of a diff line's marks. */
export function lineTone(line: string): DiffTone {
  if (line === '') return 'plain';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('\\') || line === BINARY_NOTE) return 'muted';
  if (line.startsWith(' ')) return 'plain';
  return 'file';
}
