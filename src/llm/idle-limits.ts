// How long a model call may hear nothing from its server (idle-watch.ts): `timeout_s` when the
// provider sets it, else a default for where the server is. None exceeds NODE_SILENCE_LIMIT_MS.
import { isLocalUrl } from './context-window/is-local-url.js';
import type { IdleLimits } from './idle-watch.js';

/** Seconds of silence allowed, by where the server runs. */
interface Defaults {
  beforeReply: number;
  betweenChunks: number;
}

/** A server on this machine or network may spend minutes loading a model from disk and reading the prompt. */
const LOCAL: Defaults = { beforeReply: 300, betweenChunks: 120 };
/** A hosted API starts answering within seconds; its gaps are network stalls. */
const REMOTE: Defaults = { beforeReply: 120, betweenChunks: 60 };
/** A reply that is not streamed arrives whole, after the model has written all of it. */
const WHOLE_REPLY = 300;

export interface IdleLimitSettings {
  /** `timeout_s` from the config: the one limit for every silence. */
  timeoutS?: number;
  url: string;
  stream: boolean;
}

export function idleLimits({ timeoutS, url, stream }: IdleLimitSettings): IdleLimits {
  if (timeoutS !== undefined) return { beforeReplyMs: timeoutS * 1000, betweenChunksMs: timeoutS * 1000 };
  const defaults = isLocalUrl(url) ? LOCAL : REMOTE;
  return { beforeReplyMs: (stream ? defaults.beforeReply : WHOLE_REPLY) * 1000, betweenChunksMs: defaults.betweenChunks * 1000 };
}
