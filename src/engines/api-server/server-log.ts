import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** One line the server printed (stdout and stderr together), or one Falcon wrote about it. */
export interface LogLine {
  /** 0, 1, 2 … in the order printed, for this log's life. */
  seq: number;
  /** When it came, on the log's clock. */
  at: number;
  /** Masked, without escape sequences. */
  text: string;
  /** Falcon's own line (started, stopped, exited): never part of a request's excerpt. */
  falcon?: true;
  /** Its line in the file (1-based); absent once the file is full. */
  fileLine?: number;
}

/** Where a request's excerpt sits in the log file: for the dashboard, which links it from the request. */
export interface ExcerptRecord {
  requestId: string;
  method: string;
  url: string;
  /** The status, or why no answer came. */
  outcome: string;
  firstLine: number;
  lastLine: number;
}

export interface ServerLogOptions {
  /** `.falcon/sessions/<id>/server.log`; absent: kept in memory only. */
  file?: string;
  /** Masks secrets by value (and shape) before a line is kept or written. */
  mask(text: string): string;
  now?: () => number;
  /** Lines kept in memory for excerpts, `logs` and readiness. */
  memoryLines?: number;
  maxFileBytes?: number;
}

const DEFAULT_MEMORY_LINES = 5000;
const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Longer lines are cut (a minified bundle, a base64 dump): a log line is read by people. */
const MAX_LINE_CHARS = 4000;
const FALCON_PREFIX = '── falcon: ';

/**
 * The server's output: whole lines, masked, kept in memory (the last few thousand) and appended to a
 * private file, up to a cap after which the file says it stopped and memory keeps going.
 */
export class ServerLog {
  private readonly lines: LogLine[] = [];
  private readonly listeners = new Set<(line: LogLine) => void>();
  private readonly now: () => number;
  private readonly memoryLines: number;
  private readonly maxFileBytes: number;
  private fd: number | undefined;
  private fileBytes = 0;
  private fileLines = 0;
  /** The unfinished line of each stream: stdout's and stderr's are not to be mixed up. */
  private readonly pending = new Map<string, string>();
  private next = 0;

  constructor(private readonly options: ServerLogOptions) {
    this.now = options.now ?? Date.now;
    this.memoryLines = options.memoryLines ?? DEFAULT_MEMORY_LINES;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    if (options.file) this.openFile(options.file);
  }

  get file(): string | undefined {
    return this.options.file;
  }

  /** The seq the next line will get: what came after a moment is `since(mark)`. */
  get mark(): number {
    return this.next;
  }

  /** A piece of the server's output on one of its streams; a line is kept once its newline has come. */
  write(text: string, stream = 'stdout'): void {
    let pending = (this.pending.get(stream) ?? '') + text;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      this.add(pending.slice(0, end), false);
      pending = pending.slice(end + 1);
    }
    if (pending.length > MAX_LINE_CHARS) {
      this.add(pending, false);
      pending = '';
    }
    this.pending.set(stream, pending);
  }

  /** The unfinished last lines, as lines: the process has ended. */
  flush(): void {
    for (const pending of this.pending.values()) if (pending) this.add(pending, false);
    this.pending.clear();
  }

  /** Falcon's own line: `── falcon: started npm run dev (pid 4242)`. */
  note(text: string): void {
    this.flush();
    this.add(`${FALCON_PREFIX}${text}`, true);
  }

  since(seq: number): LogLine[] {
    return this.lines.filter((line) => line.seq >= seq);
  }

  /** The last `count` lines of the server's (Falcon's own left out unless asked), those matching `filter` only. */
  tail(count: number, options: { filter?: (text: string) => boolean; withFalcon?: boolean } = {}): LogLine[] {
    const shown = this.lines.filter((line) => (options.withFalcon || !line.falcon) && (!options.filter || options.filter(line.text)));
    return shown.slice(-count);
  }

  /** Lines printed so far, Falcon's own included, in memory or not. */
  get count(): number {
    return this.next;
  }

  onLine(listener: (line: LogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notes where a request's excerpt is in the file, beside it (`server-excerpts.jsonl`). */
  recordExcerpt(record: ExcerptRecord): void {
    if (!this.options.file) return;
    try {
      appendFileSync(excerptsFileOf(this.options.file), `${JSON.stringify(record)}\n`, { mode: 0o600 });
    } catch {
      // The excerpt is in the observation all the same; only the dashboard's link is lost.
    }
  }

  close(): void {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private add(raw: string, falcon: boolean): void {
    const clean = stripVTControlCharacters(raw.replace(/\r$/, ''));
    const visible = clean.slice(clean.lastIndexOf('\r') + 1);
    const text = this.options.mask(visible.length > MAX_LINE_CHARS ? `${visible.slice(0, MAX_LINE_CHARS)}…` : visible);
    const line: LogLine = { seq: this.next++, at: this.now(), text, ...(falcon && { falcon: true as const }) };
    const fileLine = this.appendToFile(text);
    if (fileLine !== undefined) line.fileLine = fileLine;
    this.lines.push(line);
    if (this.lines.length > this.memoryLines) this.lines.splice(0, this.lines.length - this.memoryLines);
    for (const listener of this.listeners) listener(line);
  }

  private appendToFile(text: string): number | undefined {
    if (this.fd === undefined) return undefined;
    const bytes = Buffer.from(`${text}\n`);
    if (this.fileBytes + bytes.length > this.maxFileBytes) {
      const mb = Math.round(this.maxFileBytes / 1024 / 1024);
      writeSync(this.fd, `${FALCON_PREFIX}the log reached ${mb} MB: later lines are kept in memory only\n`);
      closeSync(this.fd);
      this.fd = undefined;
      return undefined;
    }
    writeSync(this.fd, bytes);
    this.fileBytes += bytes.length;
    return ++this.fileLines;
  }

  /** Appends to the session's log (a resumed session goes on with it), counting the lines already there. */
  private openFile(file: string): void {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    let existing = Buffer.alloc(0);
    try {
      existing = readFileSync(file);
    } catch {
      // A new log.
    }
    this.fd = openSync(file, 'a', 0o600);
    this.fileBytes = existing.length;
    for (let i = existing.indexOf(0x0a); i !== -1; i = existing.indexOf(0x0a, i + 1)) this.fileLines++;
  }
}

/** `server.log` → `server-excerpts.jsonl` beside it. */
export function excerptsFileOf(logFile: string): string {
  return path.join(path.dirname(logFile), 'server-excerpts.jsonl');
}
