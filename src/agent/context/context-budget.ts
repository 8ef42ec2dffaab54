// How a context window is shared out: room for the reply, when to compact, what a compaction
// keeps, and how long an observation may be. Every figure is in tokens unless it says otherwise.

export interface ContextBudget {
  window: number;
  /** Kept free for the model's reply. */
  replyReserve: number;
  /** The most a request may hold: the window less the reply's room. */
  requestLimit: number;
  /** Compact before a call whose estimate passes this. */
  compactAt: number;
  /** What a compaction aims for, well below `compactAt` so the next calls do not compact again. */
  compactTo: number;
  /** The recent history a compaction keeps verbatim. */
  keepRecent: number;
  /** The longest checkpoint a compaction writes. */
  checkpointTokens: number;
  /** The longest observation, in characters: long tool output is cut to this at the source. */
  observationChars: number;
}

const MIN_REPLY_RESERVE = 512;
const MAX_REPLY_RESERVE = 4096;
const MAX_KEEP_RECENT = 20_000;
const MAX_CHECKPOINT = 4_000;
const MIN_CHECKPOINT = 200;
const MIN_OBSERVATION_CHARS = 1_000;
/** Roughly the characters a token of tool output stands for (see estimate-tokens.ts). */
const OBSERVATION_CHARS_PER_TOKEN = 3;

export function contextBudget(window: number, systemTokens: number, maxObservationChars: number): ContextBudget {
  const replyReserve = clamp(Math.round(window / 8), MIN_REPLY_RESERVE, MAX_REPLY_RESERVE);
  const requestLimit = Math.max(0, window - replyReserve);
  const historyRoom = Math.max(0, requestLimit - systemTokens);
  return {
    window,
    replyReserve,
    requestLimit,
    compactAt: Math.floor(systemTokens + historyRoom * 0.8),
    compactTo: Math.floor(systemTokens + historyRoom * 0.5),
    keepRecent: Math.min(MAX_KEEP_RECENT, Math.floor(historyRoom * 0.25)),
    checkpointTokens: clamp(Math.floor(historyRoom * 0.2), MIN_CHECKPOINT, MAX_CHECKPOINT),
    observationChars: clamp(Math.floor(historyRoom * 0.3 * OBSERVATION_CHARS_PER_TOKEN), MIN_OBSERVATION_CHARS, maxObservationChars),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
