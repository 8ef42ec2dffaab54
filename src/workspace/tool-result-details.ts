// What a tool's result shows on the screen beyond the text the model reads: a few facts of a known
// kind, so that the TUI, headless output and the dashboard show them without reading the text. They
// are recorded with the `tool_result` event, so a session file holds them too (and one written
// before them has none: every reader takes them as optional).
import { z } from 'zod';

const count = z.number().int().min(0);
const duration = z.number().min(0);

const HTTP_RESPONSE = z.object({
  kind: z.literal('http_response'),
  status: z.number().int(),
  /** `OK`; empty when the server sent none (HTTP/2 has none). */
  statusText: z.string(),
  durationMs: duration,
  sizeBytes: count,
  /** The media type without its parameters, `application/json`; empty when the response named none. */
  contentType: z.string(),
});

const FILE_READ = z.object({
  kind: z.literal('file_read'),
  path: z.string(),
  /** The lines shown, from 1; both 0 for an empty file. */
  firstLine: count,
  lastLine: count,
  totalLines: count,
});

const FILE_CHANGE = z.object({
  kind: z.literal('file_change'),
  path: z.string(),
  created: z.boolean(),
  linesAdded: count,
  linesRemoved: count,
});

/** A command that ran to its end: its exit code, else how it was stopped. */
const COMMAND = z.object({
  kind: z.literal('command'),
  exitCode: z.number().int().optional(),
  /** The signal that ended it, when it did not exit. */
  signal: z.string().optional(),
  timedOut: z.boolean().optional(),
  durationMs: duration,
});

/** Work started as one of the session's background tasks (`t1`), going on after the call. */
const TASK_STARTED = z.object({ kind: z.literal('task_started'), taskId: z.string() });

const TEST_RUN = z.object({
  kind: z.literal('test_run'),
  passed: count,
  failed: count,
  skipped: count,
  durationMs: duration,
});

/** What a search or listing found: `count` of `noun` (in `files` files, for matches). */
const FOUND = z.object({
  kind: z.literal('found'),
  count,
  noun: z.enum(['match', 'file', 'entry']),
  files: count.optional(),
});

/** A WebSocket exchange: messages sent and received, how many matched the expectations, and the checks that failed. */
const WEBSOCKET_EXCHANGE = z.object({
  kind: z.literal('websocket_exchange'),
  sent: count,
  received: count,
  matched: count,
  failed: count,
  durationMs: duration,
});

export const TOOL_RESULT_DETAILS = z.discriminatedUnion('kind', [
  HTTP_RESPONSE,
  FILE_READ,
  FILE_CHANGE,
  COMMAND,
  TASK_STARTED,
  TEST_RUN,
  FOUND,
  WEBSOCKET_EXCHANGE,
]);

export type ToolResultDetails = z.infer<typeof TOOL_RESULT_DETAILS>;
export type HttpResponseDetails = z.infer<typeof HTTP_RESPONSE>;
export type FileReadDetails = z.infer<typeof FILE_READ>;
export type FileChangeDetails = z.infer<typeof FILE_CHANGE>;
export type CommandDetails = z.infer<typeof COMMAND>;
export type TaskStartedDetails = z.infer<typeof TASK_STARTED>;
export type TestRunDetails = z.infer<typeof TEST_RUN>;
export type FoundDetails = z.infer<typeof FOUND>;
export type WebSocketExchangeDetails = z.infer<typeof WEBSOCKET_EXCHANGE>;

/** Details read back from where they may have been changed (a session file): a known kind with every fact, else undefined. */
export function readToolResultDetails(value: unknown): ToolResultDetails | undefined {
  const parsed = TOOL_RESULT_DETAILS.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
