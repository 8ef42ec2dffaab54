// Reads a successful reply's body as it passes to the SDK and stops it, with a plain message, at the
// first thing the SDK could not read: otherwise the openai SDK dumps the chunk on the console and
// throws a bare SyntaxError, the ollama SDK skips the line with a console warning, and an HTML page
// or an empty stream passes for a reply that was cut off. A chunk reaches the SDK only once checked.
import { looksLikeHtml } from './server-text.js';
import { emptyReplyError, htmlPageError, type ModelServer, notAStreamError, notJsonError } from './unreadable-reply.js';

const HEAD_CHARS = 200;

/** What a reply's body should be: one JSON document, server-sent events of JSON, or JSON lines. */
export type ReplyFormat = 'json' | 'sse' | 'ndjson';

export interface ReplyCheckOptions {
  format: ReplyFormat;
  server: ModelServer;
  /** Where fetch ended up after following redirects, when it did. */
  redirectedTo?: string;
}

/** Passes the body through unchanged while it reads as `format`; errors it with an UnreadableReplyError otherwise. */
export function replyBodyCheck(options: ReplyCheckOptions): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const reader = new BodyReader(options);
  return new TransformStream({
    transform(chunk, controller) {
      reader.read(decoder.decode(chunk, { stream: true }));
      controller.enqueue(chunk);
    },
    flush() {
      reader.read(decoder.decode());
      reader.end();
    },
  });
}

class BodyReader {
  /** Text not yet complete: the JSON document, or the line under way. */
  private pending = '';
  /** The start of the body, to quote. */
  private head = '';
  private sawText = false;
  /** JSON documents read so far: events or lines. */
  private documents = 0;
  private event: { data: string[]; named: boolean } = { data: [], named: false };
  /** Server-sent events dispatched, `[DONE]` included. */
  private events = 0;

  constructor(private readonly options: ReplyCheckOptions) {}

  read(text: string): void {
    if (!this.sawText && text.trim() !== '') {
      this.sawText = true;
      if (looksLikeHtml(text)) throw htmlPageError(this.options.server, text, this.options.redirectedTo);
    }
    if (this.head.length < HEAD_CHARS) this.head += text.slice(0, HEAD_CHARS - this.head.length);
    this.pending += text;
    if (this.options.format === 'json') return;
    // A CR at the very end may be the first half of a CRLF.
    const cut = this.pending.endsWith('\r') ? this.pending.length - 1 : this.pending.length;
    const lines = this.pending.slice(0, cut).split(this.options.format === 'sse' ? /\r\n|\r|\n/ : '\n');
    this.pending = lines.pop()! + this.pending.slice(cut);
    for (const line of lines) {
      if (this.options.format === 'sse') this.readEventLine(line);
      else if (line.trim() !== '') this.readDocument(line);
    }
  }

  end(): void {
    const { format, server } = this.options;
    if (!this.sawText) throw emptyReplyError(server, format !== 'json');
    if (format === 'json') this.readDocument(this.pending);
    else if (format === 'ndjson' && this.pending.trim() !== '') this.readDocument(this.pending);
    // The SDK drops an event the stream ends without dispatching; so does this check.
    else if (format === 'sse' && this.events === 0) throw notAStreamError(server, this.head);
  }

  /** One line of an event stream, read as the openai SDK reads it. */
  private readEventLine(line: string): void {
    if (line === '') return this.dispatchEvent();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.event.data.push(value);
    if (field === 'event') this.event.named = true;
  }

  private dispatchEvent(): void {
    const { data, named } = this.event;
    if (data.length === 0 && !named) return;
    this.event = { data: [], named: false };
    this.events++;
    const text = data.join('\n');
    if (!text.startsWith('[DONE]')) this.readDocument(text);
  }

  private readDocument(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (typeof value !== 'object' || value === null) {
      const { format, server } = this.options;
      throw notJsonError(server, text, { stream: format !== 'json', midway: this.documents > 0 });
    }
    this.documents++;
  }
}
