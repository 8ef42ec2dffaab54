export type ScriptedReply =
  /** Shorthand for `{ text }`. */
  | string
  /** A normal reply, streamed in chunks of `chunkSize` characters (default 8) when the client streams. */
  | { text: string; chunkSize?: number; chunkDelayMs?: number }
  /** An HTTP error with a body like the real API's unless `body` is given (e.g. 429 with `retry-after`). */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Sends that many characters, then destroys the socket: a stream cut mid-way. */
  | { text: string; cutAfterChars: number; chunkSize?: number; chunkDelayMs?: number }
  /** Sends that many characters, then never ends (until the client aborts or the server closes). */
  | { text: string; hangAfterChars: number; chunkSize?: number; chunkDelayMs?: number };

export interface RecordedRequest {
  protocol: 'openai' | 'ollama';
  path: string;
  /** Undefined for requests without a body (model lists, version). */
  model: string | undefined;
  stream: boolean;
  messages: { role: string; content: string }[];
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeModelServerOptions {
  /** What `GET /v1/models` and `GET /api/tags` list (default `['fake-model']`). Chats accept any model. */
  models?: string[];
  /** When set, every request must carry `Authorization: Bearer <apiKey>` or gets a real-looking 401. */
  apiKey?: string;
}

export interface FakeModelServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** `url` + '/v1' */
  openaiBaseUrl: string;
  ollamaUrl: string;
  /**
   * Queues replies. With `model`, requests for that model take from this queue first; all others take
   * from the shared queue. An empty queue answers `Final Answer: (fake server has no scripted reply)`.
   */
  script(replies: ScriptedReply[], options?: { model?: string }): void;
  /** Forgets every queued reply and recorded request, so one test's leftovers cannot leak into the next. */
  reset(): void;
  /** Every request received, in order. Usage counts in replies are whitespace-separated words. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function startFakeModelServer(options?: FakeModelServerOptions): Promise<FakeModelServer>;
