// What a restore would do and what it did, as lines every front end shows: `falcon rewind`, /undo, /rewind.

import type { RestoreOutcome, RestorePlan } from './restore-plan.js';

/** `a.txt, b.txt and 3 more`. */
export function describeFiles(files: readonly string[], shown = 4): string {
  return files.length <= shown ? files.join(', ') : `${files.slice(0, shown).join(', ')} and ${files.length - shown} more`;
}

export function shortened(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** What a restore would do, a line each. */
export function planLines(plan: RestorePlan, ignored: readonly string[]): string[] {
  const writes = plan.changes.filter((change) => change.action === 'write').map((change) => change.path);
  const deletes = plan.changes.filter((change) => change.action === 'delete').map((change) => change.path);
  return [
    ...(plan.changes.length === 0 ? ['files: none changed from then on'] : []),
    ...(writes.length ? [`files brought back: ${describeFiles(writes, 8)}`] : []),
    ...(deletes.length ? [`files deleted (made since): ${describeFiles(deletes, 8)}`] : []),
    ...(plan.outside.length ? [`changed outside Falcon since then (asked about): ${describeFiles(plan.outside, 8)}`] : []),
    ...(plan.large.length ? [`left as they are, over 10 MB (never in checkpoints): ${describeFiles(plan.large)}`] : []),
    ...(ignored.length ? [`never in checkpoints (.gitignore): ${describeFiles(ignored)}`] : []),
  ];
}

/** What a restore did, a line each. */
export function outcomeLines(outcome: RestoreOutcome, plan: RestorePlan): string[] {
  const done = outcome.written.length + outcome.deleted.length;
  return [
    done === 0 && plan.changes.length > 0
      ? 'No file was changed.'
      : done > 0
        ? `Restored ${done} file${done === 1 ? '' : 's'}: ${describeFiles([...outcome.written, ...outcome.deleted], 8)}.`
        : '',
    ...(outcome.kept.length ? [`Left as they are (changed outside Falcon): ${describeFiles(outcome.kept, 8)}.`] : []),
    ...(outcome.refused.length ? [`Left alone (a folder on the way is a symbolic link): ${describeFiles(outcome.refused, 8)}.`] : []),
  ].filter(Boolean);
}
