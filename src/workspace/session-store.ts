import { closeSync, constants, mkdirSync, openSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { lstat, open, readdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ChatMessage } from '../llm/chat-message.js';
import { falconPath } from './falcon-dir.js';
import type { SessionEvent } from './session-events.js';
import { type CheckpointRecord, recordsOnPath, type RewindRecord } from './session-lineage.js';
import { linkedFolderProblem } from '../safety/linked-folder.js';
import { describeWriteFailure } from '../safety/write-failure.js';
import { maskText } from '../safety/mask-text.js';

/**
 * A compaction of the live history: its first `replaced` messages gave way to `checkpoint`. The
 * messages themselves stay in the file above this record; only what the model is sent changes.
 */
export interface CompactionRecord {
  kind: 'compaction';
  at: string;
  replaced: number;
  checkpoint: string;
  /** The compactor's own state carried to the next compaction (what the checkpoint lists). */
  state?: unknown;
}

/** One line of `.falcon/sessions/<id>.jsonl`. */
export type SessionRecord<Event extends SessionEvent = SessionEvent> =
  /** `forkedFrom`: the session this one was forked from, whose records it starts with. */
  | { kind: 'session'; id: string; createdAt: string; cwd: string; forkedFrom?: string }
  | {
      kind: 'message';
      at: string;
      role: ChatMessage['role'];
      content: string;
      /** Native tool mode: the calls of an assistant message, and the call an observation answers. */
      toolCalls?: ChatMessage['toolCalls'];
      toolCallId?: string;
      /** A reply a cancel cut short, with what had streamed of it: shown in the transcript, never sent to the model again. */
      interrupted?: true;
    }
  | { kind: 'event'; at: string; event: Event }
  | CompactionRecord
  | CheckpointRecord
  | RewindRecord;

export class SessionNotFoundError extends Error {
  override name = 'SessionNotFoundError';
}

/**
 * Appends every message and event to the session file as it happens, synchronously, so that a
 * crash or Ctrl-C loses nothing that was already said. Secret shapes are masked on the way to disk;
 * the Agent masks its session's registered values before a message or event gets here. `Event`: the
 * events it records, the agent's; the store itself reads only their type.
 *
 * Sessions are kept inside the project or not at all: when `.falcon/` or `.falcon/sessions/` is a
 * symbolic link (a cloned repository may point one anywhere) the session is not saved — `unsaved`
 * says why — no session is listed or resumed from there, and the file itself is never a link.
 */
export class SessionStore<Event extends SessionEvent = SessionEvent> {
  private constructor(
    private readonly projectRoot: string,
    readonly id: string,
    readonly file: string,
    readonly messages: ChatMessage[],
    /** What the file held when it was opened: the transcript a front end shows on resume. */
    readonly loadedRecords: readonly SessionRecord<Event>[],
    /** The header of a new session, written with its first record so that no empty file is left. */
    private header?: SessionRecord<Event>,
    /** Why nothing of this session is written; undefined while it is saved. */
    private notSaved?: string,
  ) {
    this.lastCompactionState = compactionStateOf(loadedRecords);
    this.records = [...loadedRecords];
  }

  private lastCompactionState: unknown;
  /** Every record of the session, as loaded and appended since (kept when the file is not written). */
  private readonly records: SessionRecord<Event>[];

  static create<Event extends SessionEvent>(projectRoot: string): SessionStore<Event> {
    const id = newSessionId();
    const header: SessionRecord<Event> = { kind: 'session', id, createdAt: new Date().toISOString(), cwd: projectRoot };
    return new SessionStore(projectRoot, id, sessionFile(projectRoot, id), [], [], header, sessionsFolderProblem(projectRoot));
  }

  static async open<Event extends SessionEvent>(projectRoot: string, id: string): Promise<SessionStore<Event>> {
    const file = sessionFile(projectRoot, id);
    const problem = sessionsFolderProblem(projectRoot);
    if (problem) throw new SessionNotFoundError(`No session is resumed from ${path.dirname(file)}: ${problem}.`);
    let text: string;
    try {
      text = await readRegularFile(file);
    } catch {
      const recent = (await listSessions(projectRoot)).slice(0, 5).map((s) => s.id);
      const hint = recent.length ? ` Recent sessions: ${recent.join(', ')}.` : ' There are no sessions yet.';
      throw new SessionNotFoundError(`No session "${id}" in ${path.dirname(file)}.${hint}`);
    }
    const records = parseRecords<Event>(text);
    return new SessionStore(projectRoot, id, file, conversationOf(records), records);
  }

  /**
   * A new session that starts as `id` stands: a copy of its records under a header of its own. The
   * original is left as it is.
   */
  static async fork<Event extends SessionEvent>(projectRoot: string, id: string): Promise<SessionStore<Event>> {
    const original = await SessionStore.open<Event>(projectRoot, id);
    const forkId = newSessionId();
    const header: SessionRecord<Event> = { kind: 'session', id: forkId, createdAt: new Date().toISOString(), cwd: projectRoot, forkedFrom: id };
    const records = [header, ...original.records.filter((record) => record.kind !== 'session')];
    const file = sessionFile(projectRoot, forkId);
    // `wx`: a new file, never one a link stands in place of.
    await writeFile(file, records.map((record) => `${JSON.stringify(record)}\n`).join(''), { mode: 0o600, flag: 'wx' });
    return new SessionStore(projectRoot, forkId, file, conversationOf(records), records);
  }

  static async openLatest<Event extends SessionEvent>(projectRoot: string): Promise<SessionStore<Event> | undefined> {
    const [latest] = await listSessions(projectRoot);
    return latest ? SessionStore.open<Event>(projectRoot, latest.id) : undefined;
  }

  recordMessage(message: ChatMessage): void {
    this.messages.push(message);
    this.append({ kind: 'message', at: new Date().toISOString(), ...storedMessage(message) });
  }

  /** Saves what had streamed of a reply when a cancel cut it short; the live history leaves it out. */
  recordInterruptedReply(content: string): void {
    this.append({ kind: 'message', at: new Date().toISOString(), role: 'assistant', content, interrupted: true });
  }

  recordEvent(event: Event): void {
    // Streamed text is saved once, whole: the assistant's message (an interrupted one too), and its
    // reasoning as a `thought`.
    if (event.type === 'text_delta' || event.type === 'thinking_delta' || event.type === 'reply_interrupted') return;
    this.append({ kind: 'event', at: new Date().toISOString(), event });
  }

  /** Replaces the first `replaced` messages of the live history with `checkpoint`; the file keeps them all. */
  recordCompaction(replaced: number, checkpoint: string, state?: unknown): void {
    applyCompaction(this.messages, replaced, checkpoint);
    this.lastCompactionState = state;
    this.append({ kind: 'compaction', at: new Date().toISOString(), replaced, checkpoint, ...(state !== undefined && { state }) });
  }

  /** The project's files before or after a call that may change them, as a checkpoint of the shadow repository. */
  recordCheckpoint(checkpoint: Omit<CheckpointRecord, 'kind' | 'at'>): void {
    this.append({ kind: 'checkpoint', at: new Date().toISOString(), ...checkpoint });
  }

  /**
   * Takes the conversation back to just before the user's `message`th message (numbered from 1, as
   * the session's checkpoints number them): the live history becomes what it was then. Nothing is deleted.
   */
  recordRewind(message: number): void {
    this.append({ kind: 'rewind', at: new Date().toISOString(), message });
    this.messages.splice(0, this.messages.length, ...conversationOf(this.records));
    this.lastCompactionState = compactionStateOf(this.records);
  }

  /** Every record of the session, in order (rewound ones too). */
  async readRecords(): Promise<readonly SessionRecord<Event>[]> {
    return [...this.records];
  }

  /** Beside the session file, for what the session keeps apart (its tasks' output): `.falcon/sessions/<id>/`. */
  get folder(): string {
    return path.join(path.dirname(this.file), this.id);
  }

  /** Why this session is not saved (a sentence for a warning), or undefined when it is. */
  get unsaved(): string | undefined {
    return this.notSaved;
  }

  /** The state the latest compaction left for the next one. */
  get compactionState(): unknown {
    return this.lastCompactionState;
  }

  /**
   * Whole lines or nothing: a write that fails (a full disk) is taken back, so the file never ends in
   * half a line, and a new session's file is not left behind empty. Its error is a SessionWriteError.
   */
  private append(record: SessionRecord<Event>): void {
    this.records.push(record);
    if (this.notSaved) return;
    const header = this.header;
    if (header) {
      // A link may have appeared since the session was opened.
      this.notSaved = sessionsFolderProblem(this.projectRoot);
      if (this.notSaved) return;
    }
    const text = [...(header ? [header] : []), record].map((entry) => `${JSON.stringify(entry, maskStrings)}\n`).join('');
    const sizeBefore = header ? undefined : statSync(this.file, { throwIfNoEntry: false })?.size;
    try {
      if (header) mkdirSync(path.dirname(this.file), { recursive: true });
      appendNotThroughALink(this.file, text);
      this.header = undefined;
    } catch (error) {
      takeBack(this.file, sizeBefore);
      this.records.pop();
      throw new SessionWriteError(this.file, error as NodeJS.ErrnoException);
    }
  }
}

/** The session could not be saved; the message names the file and why, in words (a full disk, no permission). */
export class SessionWriteError extends Error {
  override name = 'SessionWriteError';

  constructor(file: string, cause: NodeJS.ErrnoException) {
    super(`cannot save the session to ${file}: ${describeWriteFailure(cause)}`, { cause });
  }
}

function maskStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? maskText(value) : value;
}

/** Back to `size` bytes, or no file at all when it did not exist before. Best effort: the disk may refuse this too. */
function takeBack(file: string, size: number | undefined): void {
  try {
    if (size === undefined) rmSync(file, { force: true });
    else truncateSync(file, size);
  } catch {
    // The failure being reported says what is wrong.
  }
}

export interface SessionSummary {
  id: string;
  modifiedAt: Date;
}

/** Sessions of a project, newest first; none when `.falcon/sessions/` is reached through a link. */
export async function listSessions(projectRoot: string): Promise<SessionSummary[]> {
  const dir = falconPath(projectRoot, 'sessions');
  if (sessionsFolderProblem(projectRoot)) return [];
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  // A name that is no file (a link, say) is no session: it must not hide the others.
  const sessions = (
    await Promise.all(
      names.map(async (name) => {
        const info = await lstat(path.join(dir, name)).catch(() => undefined);
        return info?.isFile() ? [{ id: name.slice(0, -'.jsonl'.length), modifiedAt: info.mtime }] : [];
      }),
    )
  ).flat();
  return sessions.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime());
}

/** The text of a regular file, never read through a link in its place. */
async function readRegularFile(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Appends to a regular file, created 0600 if need be; a link in its place fails (ELOOP) rather than be followed. */
function appendNotThroughALink(file: string, text: string): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Why sessions are not kept in this project's `.falcon/sessions/`, as a warning says it; undefined when they are. */
export function sessionsFolderProblem(projectRoot: string): string | undefined {
  const problem = linkedFolderProblem(projectRoot, falconPath(projectRoot, 'sessions'));
  return problem && `${problem}, and Falcon keeps sessions only in a real folder inside the project`;
}

function sessionFile(projectRoot: string, id: string): string {
  if (!/^[\w.-]+$/.test(id)) throw new SessionNotFoundError(`"${id}" is not a session id.`);
  return falconPath(projectRoot, 'sessions', `${id}.jsonl`);
}

function newSessionId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** A line cut short by a crash is skipped; everything before it is kept. */
function parseRecords<Event extends SessionEvent>(text: string): SessionRecord<Event>[] {
  const records: SessionRecord<Event>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      records.push(JSON.parse(line) as SessionRecord<Event>);
    } catch {
      continue;
    }
  }
  return records;
}

/**
 * The live history as the model last saw it: every message but the interrupted replies, with each
 * compaction applied in turn.
 */
function conversationOf(records: readonly SessionRecord[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const record of recordsOnPath(records)) {
    if (record.kind === 'message' && record.role !== 'system' && !record.interrupted) {
      messages.push(storedMessage(record));
    }
    if (record.kind === 'compaction') applyCompaction(messages, record.replaced, record.checkpoint);
  }
  return messages;
}

/** A message's fields as the model is sent them, and nothing else (a record's `at`, a message's `stablePrefix`). */
function storedMessage(message: ChatMessage): ChatMessage {
  return {
    role: message.role,
    content: message.content,
    ...(message.toolCalls?.length && { toolCalls: message.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })) }),
    ...(message.toolCallId !== undefined && { toolCallId: message.toolCallId }),
  };
}

function compactionStateOf(records: readonly SessionRecord[]): unknown {
  return recordsOnPath(records)
    .reverse()
    .find((record): record is CompactionRecord => record.kind === 'compaction')?.state;
}

function applyCompaction(messages: ChatMessage[], replaced: number, checkpoint: string): void {
  messages.splice(0, Math.min(replaced, messages.length), { role: 'user', content: checkpoint, stablePrefix: true });
}
