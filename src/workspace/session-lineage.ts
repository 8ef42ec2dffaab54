// What a rewind leaves of a session. The file keeps every record; a `rewind` record says that the
// conversation goes on from just before the user's Nth message, as the session then stood. Reading
// the file again in order, each rewind cuts the path back, so a rewind of a rewind works as well.

import type { SessionEvent } from './session-events.js';

/**
 * The project's files recorded before or after a call that may change them: the commit of the
 * checkpoint in the shadow repository (engines/checkpoints). `undoes`: the call an `/undo` took back.
 */
export interface CheckpointRecord {
  kind: 'checkpoint';
  at: string;
  commit: string;
  phase: 'before' | 'after';
  /** The tool call's id (or the id of an /undo, a rewind). */
  call: string;
  tool: string;
  undoes?: string;
}

/** The conversation goes on from just before user message `message` (numbered from 1 along the path). */
export interface RewindRecord {
  kind: 'rewind';
  at: string;
  message: number;
}

interface RecordLike {
  kind: string;
  event?: SessionEvent;
  message?: number;
}

/** Each message the user sent that started a run: its `run_start` event. */
export function startsRun(record: RecordLike): boolean {
  return record.kind === 'event' && record.event?.type === 'run_start';
}

/**
 * The indexes of the records on the session's current path, in order: every record, except those a
 * rewind cut off. A rewind record stays on the path, where it happened, for the transcript to show.
 */
export function sessionPath(records: readonly RecordLike[]): number[] {
  let path: number[] = [];
  records.forEach((record, index) => {
    if (record.kind === 'rewind' && typeof record.message === 'number') {
      const starts = path.filter((at) => startsRun(records[at]!));
      const cut = starts[record.message - 1];
      if (cut !== undefined) path = path.filter((at) => at < cut);
    }
    path.push(index);
  });
  return path;
}

/** The records on the current path, in order. */
export function recordsOnPath<Record extends RecordLike>(records: readonly Record[]): Record[] {
  return sessionPath(records).map((index) => records[index]!);
}
