// A session's checkpoints read from its file: where each user message stands among them, and which
// stretches between two checkpoints were Falcon's doing (a call that may change files was running)
// and which happened outside it (the user's editor, another program, a background command).

import { type CheckpointRecord, sessionPath, startsRun } from '../../workspace/session-lineage.js';
import type { SessionRecord } from '../../workspace/session-store.js';

export interface CheckpointMark extends CheckpointRecord {
  /** Its place among the session's records. */
  index: number;
}

/** A message the user sent that started a run, numbered from 1 along the current path. */
export interface MessagePoint {
  number: number;
  /** Its first line. */
  text: string;
  at: string;
  index: number;
}

/** The files went from one checkpoint to the next; `byFalcon` when a call that may change them was running meanwhile. */
export interface Segment {
  from: string;
  to: string;
  byFalcon: boolean;
}

/** A call whose checkpoints differ before and after it: a change /undo can take back. */
export interface ChangeMade {
  call: string;
  tool: string;
  before: string;
  after: string;
}

export function checkpointMarks(records: readonly SessionRecord[]): CheckpointMark[] {
  return records.flatMap((record, index) => (record.kind === 'checkpoint' && typeof record.commit === 'string' ? [{ ...record, index }] : []));
}

export function messagePoints(records: readonly SessionRecord[]): MessagePoint[] {
  return sessionPath(records)
    .filter((index) => startsRun(records[index]!))
    .map((index, i) => {
      const record = records[index]!;
      const event = record.kind === 'event' ? (record.event as { input?: unknown }) : {};
      const input = typeof event.input === 'string' ? event.input : '';
      return { number: i + 1, text: firstLine(input), at: record.kind === 'event' ? record.at : '', index };
    });
}

/** The first checkpoint after a message: how the files stood when its run first went to change them. */
export function markAfter(marks: readonly CheckpointMark[], recordIndex: number): CheckpointMark | undefined {
  return marks.find((mark) => mark.index > recordIndex);
}

/**
 * The stretches from `start` (a mark) on, to `now` when given: a stretch is Falcon's when a call was
 * open after its first checkpoint (calls may overlap: sub-agents run side by side).
 */
export function segmentsFrom(marks: readonly CheckpointMark[], start: CheckpointMark, now?: string): Segment[] {
  const open = new Set<string>();
  const segments: Segment[] = [];
  marks.forEach((mark, i) => {
    if (mark.phase === 'before') open.add(mark.call);
    else open.delete(mark.call);
    if (mark.index < start.index) return;
    const next = marks[i + 1]?.commit ?? now;
    if (next !== undefined && next !== mark.commit) segments.push({ from: mark.commit, to: next, byFalcon: open.size > 0 });
  });
  return segments;
}

/** The newest change a call made that no /undo has taken back yet (an /undo itself is not one). */
export function lastChangeMade(marks: readonly CheckpointMark[]): ChangeMade | undefined {
  const undone = undoneCalls(marks);
  const before = new Map<string, CheckpointMark>();
  let last: ChangeMade | undefined;
  for (const mark of marks) {
    if (mark.phase === 'before') {
      if (!before.has(mark.call)) before.set(mark.call, mark);
      continue;
    }
    const start = before.get(mark.call);
    if (!start || start.commit === mark.commit || mark.undoes || undone.has(mark.call)) continue;
    last = { call: mark.call, tool: mark.tool, before: start.commit, after: mark.commit };
  }
  return last;
}

/** The calls an /undo took back, and the calls made inside them (a sub-agent's writes went back with it). */
export function undoneCalls(marks: readonly CheckpointMark[]): Set<string> {
  const undone = new Set(marks.flatMap((mark) => (mark.undoes ? [mark.undoes] : [])));
  const spans = new Map<string, { start: number; end: number }>();
  for (const mark of marks) {
    const span = spans.get(mark.call);
    if (!span) spans.set(mark.call, { start: mark.index, end: mark.index });
    else span.end = mark.index;
  }
  const outer = [...undone].flatMap((call) => spans.get(call) ?? []);
  for (const [call, span] of spans) {
    if (outer.some((around) => around.start < span.start && span.end < around.end)) undone.add(call);
  }
  return undone;
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  );
}
