import { Readable } from 'node:stream';
import { PasteScanner, type InputPart } from './paste-scanner.js';
import { splitKeys } from './split-keys.js';

/** Emitted by the stream Ink reads, with the text of one bracketed paste. */
export const PASTE_EVENT = 'paste';

/** The start of a paste marker at the end of a read waits this long for its rest (a lone Esc is taken then). */
const MARKER_WAIT_MS = 30;
/** A paste whose end marker has not come after this long without input is taken as it is. */
const PASTE_WAIT_MS = 2000;

/**
 * What Ink reads as its stdin: the terminal's input, one key per read, bracketed pastes taken out and
 * emitted as `paste` events in their place.
 *
 * Ink parses each read as one key, so typed text and Enter that came in one read must reach it as
 * two; and it would parse a paste as keys, its newlines as Enter. A paste is emitted once Ink has read
 * every key before it (its read found nothing left), so "text, paste, Enter" arrive in that order.
 */
export class KeyStream extends Readable {
  readonly isTTY = true;
  private readonly scanner = new PasteScanner();
  /** Keys and pastes not handed over yet, in order. */
  private readonly queue: InputPart[] = [];
  private waitForRest: NodeJS.Timeout | undefined;

  constructor(private readonly terminal: NodeJS.ReadStream) {
    super({ objectMode: true });
  }

  /** Ink reads while it is in raw mode; so does this stream from the terminal. */
  setRawMode(raw: boolean): this {
    this.terminal.setRawMode(raw);
    this.terminal.off('data', this.onData);
    if (raw) {
      this.terminal.setEncoding('utf8');
      this.terminal.on('data', this.onData);
      // A question asked before the session (inquirer's readline) leaves the terminal paused, and a
      // paused stream stays so when a listener is added.
      this.terminal.resume();
    } else {
      this.terminal.pause();
      clearTimeout(this.waitForRest);
    }
    return this;
  }

  ref(): this {
    this.terminal.ref();
    return this;
  }

  unref(): this {
    this.terminal.unref();
    return this;
  }

  override _read(): void {}

  override read(size?: number): unknown {
    const chunk: unknown = super.read(size);
    if (chunk === null) this.handOver();
    return chunk;
  }

  /** Ink gives back what it read while it asked a kitty terminal about its keyboard: cut it into keys again. */
  override unshift(chunk: unknown): void {
    for (const key of splitKeys(String(chunk)).reverse()) super.unshift(key);
  }

  private readonly onData = (data: string) => {
    clearTimeout(this.waitForRest);
    this.enqueue(this.scanner.push(data));
    const waiting = this.scanner.waiting;
    if (waiting) {
      const ms = waiting === 'paste' ? PASTE_WAIT_MS : MARKER_WAIT_MS;
      this.waitForRest = setTimeout(() => this.enqueue(this.scanner.flush()), ms).unref();
    }
  };

  private enqueue(parts: InputPart[]): void {
    this.queue.push(...parts);
    this.handOver();
  }

  private handOver(): void {
    for (let part = this.queue[0]; part; part = this.queue[0]) {
      if (part.kind === 'paste' && this.readableLength > 0) return;
      this.queue.shift();
      if (part.kind === 'paste') this.emit(PASTE_EVENT, part.text);
      else for (const key of splitKeys(part.text)) this.push(key);
    }
  }
}
