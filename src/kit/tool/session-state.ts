import { FileReadLog } from '../../engines/code/file-read-log.js';
import { CookieJar } from '../../engines/http/cookie-jar.js';
import { ResponseStore } from '../../engines/http/response-store.js';
import { WebhookListeners } from '../../engines/webhooks/webhook-listeners.js';
import type { OpenSegment } from '../../workspace/session-log.js';

/**
 * What tools remember between calls within one session (docs/ARCHITECTURE.md, "Tools": no tool reads global state).
 * Each field is owned by the tools that use it; the agent creates one per session.
 */
export interface SessionState {
  /** When tools started using this state; lets a store tell its session apart from others. */
  readonly startedAt: Date;
  /** HTTP responses by name: `last`, and any `save_as` names. */
  readonly responses: ResponseStore;
  /** Cookies the servers set, sent back on later requests to matching URLs (http_request). */
  readonly cookies: CookieJar;
  /** webhook_listener's servers by port, and what they captured; `dispose()` when the session ends. */
  readonly webhooks: WebhookListeners;
  /** Files read_file showed (and edit_file/write_file wrote): edits are refused on files not read or changed since. */
  readonly fileReads: FileReadLog;
  /** session_log's named test segment in progress, if any. */
  readonly testSegment: { open?: OpenSegment };
}

export function createSessionState(): SessionState {
  return {
    startedAt: new Date(),
    responses: new ResponseStore(),
    cookies: new CookieJar(),
    webhooks: new WebhookListeners(),
    fileReads: new FileReadLog(),
    testSegment: {},
  };
}
