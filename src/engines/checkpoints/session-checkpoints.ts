import { randomUUID } from 'node:crypto';
import type { CheckpointRecord } from '../../workspace/session-lineage.js';
import type { SessionRecord } from '../../workspace/session-store.js';
import type { CheckpointStore } from './checkpoint-store.js';
import { describeFiles, shortened } from './describe-restore.js';
import type { FileDiff } from './file-diffs.js';
import type { FileRestore } from './restore-files.js';
import type { RestoreOutcome, RestorePlan } from './restore-plan.js';
import { type CheckpointMark, checkpointMarks, lastChangeMade, markAfter, messagePoints, segmentsFrom, undoneCalls } from './session-timeline.js';

/** The part of a session store checkpoints use: its id, its records as the file holds them, and a way to add one. */
export interface CheckpointedSession {
  readonly id: string;
  readRecords(): Promise<readonly SessionRecord[]>;
  recordCheckpoint(checkpoint: Omit<CheckpointRecord, 'kind' | 'at'>): void;
}

/** A user message to rewind to, with the files the session changed from it on. */
export interface RewindPoint {
  number: number;
  text: string;
  at: string;
  files: string[];
}

/** A call that changed files, as the session's checkpoints have it. */
export interface ChangeRecorded {
  tool: string;
  at: string;
  files: string[];
  /** Taken back by an /undo since. */
  undone: boolean;
}

/** The session's diff: every file it changed, from how it was before the session first changed it. */
export interface SessionChanges {
  diffs: FileDiff[];
  /** Over 10 MB, or in a repository of their own: not in the checkpoints. */
  large: string[];
  nested: string[];
}

export class CheckpointsGoneError extends Error {
  override name = 'CheckpointsGoneError';
}

/** A call that may change files, as the agent names it. */
export interface CheckpointedCall {
  id: string;
  tool: string;
  /** The call an /undo takes back. */
  undoes?: string;
}

/**
 * One session's checkpoints: taken around each call that may change files (`around`), and read back
 * for /undo, /rewind, /diff and /commit. What is taken is recorded in the session file; the commits
 * live in the project's shadow repository.
 */
export class SessionCheckpoints {
  private head: Promise<string | undefined> | undefined;
  private readonly warned = new Set<string>();
  private failed = false;

  constructor(
    readonly store: CheckpointStore,
    private readonly session: CheckpointedSession,
  ) {}

  /** Runs the call between a checkpoint before and one after it; a checkpoint that fails never stops the call. */
  async around<T>(call: CheckpointedCall, run: () => Promise<T>, warn: (message: string) => void): Promise<T> {
    await this.mark(call, 'before', warn);
    try {
      return await run();
    } finally {
      await this.mark(call, 'after', warn);
    }
  }

  /** The session's user messages along its current path, each with the files changed from it on. */
  async points(): Promise<RewindPoint[]> {
    const records = await this.session.readRecords();
    const marks = checkpointMarks(records);
    return Promise.all(
      messagePoints(records).map(async (point) => {
        const start = markAfter(marks, point.index);
        return { number: point.number, text: point.text, at: point.at, files: start ? await this.filesChanged(marks, start, true) : [] };
      }),
    );
  }

  /** Back to just before user message `number`: the files as its run found them. */
  async planRewind(number: number): Promise<RestorePlan> {
    const records = await this.session.readRecords();
    const point = messagePoints(records).find((candidate) => candidate.number === number);
    if (!point) throw new RangeError(`There is no message ${number}: the session has ${messagePoints(records).length}.`);
    const label = `message ${number}${point.text ? ` (“${shortened(point.text, 50)}”)` : ''}`;
    const marks = checkpointMarks(records);
    const start = markAfter(marks, point.index);
    if (!start) return { kind: 'rewind', label, changes: [], outside: [], large: [], diffs: [] };
    await this.mustExist(start.commit);
    const now = await this.store.currentTree();
    const changes = restoresTo(await this.store.changedPaths(now.tree, start.commit), now.large);
    const outsideFiles = await this.filesChanged(marks, start, false, now.tree);
    return {
      kind: 'rewind',
      label,
      target: start.commit,
      changes: changes.restore,
      outside: changes.restore.map((change) => change.path).filter((file) => outsideFiles.includes(file)),
      large: changes.large,
      diffs: await this.store.diff(
        now.tree,
        start.commit,
        changes.restore.map((change) => change.path),
      ),
    };
  }

  /** Takes back the newest change a call made: its files as they were before it. Undefined when there is none. */
  async planUndo(): Promise<RestorePlan | undefined> {
    const change = lastChangeMade(checkpointMarks(await this.session.readRecords()));
    if (!change) return undefined;
    await this.mustExist(change.before);
    const files = new Set((await this.store.changedPaths(change.before, change.after)).map((changed) => changed.path));
    const now = await this.store.currentTree();
    const changes = restoresTo(
      (await this.store.changedPaths(now.tree, change.before)).filter((changed) => files.has(changed.path)),
      now.large,
    );
    const since = new Set((await this.store.changedPaths(change.after, now.tree)).map((changed) => changed.path));
    const paths = changes.restore.map((restore) => restore.path);
    return {
      kind: 'undo',
      label: change.tool,
      target: change.before,
      changes: changes.restore,
      outside: paths.filter((file) => since.has(file)),
      large: changes.large,
      undoes: change.call,
      diffs: await this.store.diff(now.tree, change.before, paths),
    };
  }

  /** Restores the plan's files (those changed outside Falcon only with `overwriteOutside`), between two checkpoints of its own. */
  async apply(plan: RestorePlan, options: { overwriteOutside: boolean }): Promise<RestoreOutcome> {
    const kept = options.overwriteOutside ? [] : plan.outside;
    const changes = plan.changes.filter((change) => !kept.includes(change.path));
    const outcome: RestoreOutcome = { written: [], deleted: [], kept, refused: [] };
    if (!plan.target || changes.length === 0) return outcome;
    const target = plan.target;
    const call = { id: randomUUID(), tool: `/${plan.kind}`, ...(plan.undoes && { undoes: plan.undoes }) };
    await this.around(
      call,
      async () => {
        outcome.refused = await this.store.restore(target, changes);
      },
      () => undefined,
    );
    for (const change of changes) {
      if (outcome.refused.includes(change.path)) continue;
      (change.action === 'write' ? outcome.written : outcome.deleted).push(change.path);
    }
    return outcome;
  }

  /** Everything the session changed, per file, to the files as they are now (or as its last checkpoint has them, `recorded`). */
  async changes(to: 'now' | 'recorded' = 'now'): Promise<SessionChanges> {
    const marks = checkpointMarks(await this.session.readRecords());
    const first = marks[0];
    if (!first) return { diffs: [], large: [], nested: [] };
    await this.mustExist(first.commit);
    const now = to === 'now' ? await this.store.currentTree() : undefined;
    const end = now?.tree ?? marks.at(-1)!.commit;
    // Each file from the checkpoint before the session's first change to it.
    const baseOf = new Map<string, string>();
    for (const segment of segmentsFrom(marks, first, end)) {
      if (!segment.byFalcon) continue;
      for (const changed of await this.store.changedPaths(segment.from, segment.to)) if (!baseOf.has(changed.path)) baseOf.set(changed.path, segment.from);
    }
    const byBase = new Map<string, string[]>();
    for (const [file, base] of baseOf) byBase.set(base, [...(byBase.get(base) ?? []), file]);
    const diffs = (await Promise.all([...byBase].map(([base, files]) => this.store.diff(base, end, files)))).flat();
    return { diffs: diffs.sort((a, b) => (a.path < b.path ? -1 : 1)), large: now?.large ?? [], nested: now?.nested ?? [] };
  }

  /** Each call that changed files, oldest first, with the files it changed (an /undo, a rewind among them). */
  async changesMade(): Promise<ChangeRecorded[]> {
    const marks = checkpointMarks(await this.session.readRecords());
    const undone = undoneCalls(marks);
    const before = new Map<string, CheckpointMark>();
    const made: ChangeRecorded[] = [];
    for (const mark of marks) {
      if (mark.phase === 'before') {
        if (!before.has(mark.call)) before.set(mark.call, mark);
        continue;
      }
      const start = before.get(mark.call);
      if (!start || start.commit === mark.commit) continue;
      if (!(await this.store.exists(start.commit)) || !(await this.store.exists(mark.commit))) continue;
      const files = (await this.store.changedPaths(start.commit, mark.commit)).map((changed) => changed.path);
      made.push({ tool: mark.tool, at: mark.at, files, undone: undone.has(mark.call) });
    }
    return made;
  }

  /** What .gitignore keeps out of the checkpoints. */
  ignored(): Promise<string[]> {
    return this.store.ignored();
  }

  /** Gives a session forked from this one its checkpoints. */
  fork(toSessionId: string): Promise<void> {
    return this.store.fork(this.session.id, toSessionId);
  }

  private async mark(call: CheckpointedCall, phase: 'before' | 'after', warn: (message: string) => void): Promise<void> {
    try {
      this.head ??= this.store.head(this.session.id);
      const parent = await this.head;
      const snapshot = await this.store.snapshot(parent, `${phase} ${call.tool} (${this.session.id})`);
      if (snapshot.commit !== parent) await this.store.keep(this.session.id, snapshot.commit);
      this.head = Promise.resolve(snapshot.commit);
      this.session.recordCheckpoint({ commit: snapshot.commit, phase, call: call.id, tool: call.tool, ...(call.undoes && { undoes: call.undoes }) });
      this.warnLeftOut(snapshot.large, 'over 10 MB', warn);
      this.warnLeftOut(snapshot.nested, 'a git repository of its own', warn);
    } catch (error) {
      this.head = undefined;
      if (this.failed) return;
      this.failed = true;
      warn(`No checkpoint before this change (${(error as Error).message}): /undo and /rewind may not bring it back.`);
    }
  }

  private warnLeftOut(files: readonly string[], why: string, warn: (message: string) => void): void {
    const fresh = files.filter((file) => !this.warned.has(file));
    if (fresh.length === 0) return;
    for (const file of fresh) this.warned.add(file);
    warn(`Checkpoints leave out ${describeFiles(fresh, 3)} (${why}): /undo and /rewind cannot bring ${fresh.length === 1 ? 'it' : 'them'} back.`);
  }

  /** The files changed from `start` on, by Falcon (`byFalcon`) or outside it, up to `now` when given. */
  private async filesChanged(marks: readonly CheckpointMark[], start: CheckpointMark, byFalcon: boolean, now?: string): Promise<string[]> {
    const files = new Set<string>();
    for (const segment of segmentsFrom(marks, start, now)) {
      if (segment.byFalcon !== byFalcon) continue;
      for (const changed of await this.store.changedPaths(segment.from, segment.to)) files.add(changed.path);
    }
    return [...files].sort();
  }

  private async mustExist(commit: string): Promise<void> {
    if (!(await this.store.exists(commit))) {
      throw new CheckpointsGoneError('The checkpoints of this session are no longer kept (older than checkpoints.keep_days, or their folder was removed).');
    }
  }
}

/** From the files' differences between now and a checkpoint: what to write or delete, and the large files left alone. */
function restoresTo(changes: readonly { path: string; status: string }[], largeNow: readonly string[]): { restore: FileRestore[]; large: string[] } {
  const large = changes.filter((change) => largeNow.includes(change.path)).map((change) => change.path);
  const restore = changes
    .filter((change) => !largeNow.includes(change.path))
    .map((change): FileRestore => ({ path: change.path, action: change.status === 'D' ? 'delete' : 'write' }));
  return { restore, large };
}
