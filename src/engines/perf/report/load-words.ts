import type { PerfResult } from '../perf-result.js';

/** What a load report calls what it sent and what came back: HTTP requests and responses, or WebSocket messages and replies. */
export interface LoadWords {
  /** `Requests`, `Messages`: a heading. */
  sent: string;
  /** `responses`, `replies`. */
  answers: string;
  /** `Responses`, `Replies`: a heading. */
  answersHeading: string;
  /** `req/s`, `msg/s`. */
  perSecond: string;
  /** The row of those answered well. */
  ok: string;
  /** The row of those that failed, and why they count as failed. */
  failed: string;
  /** `No answer`, `No reply`: before the kind of error. */
  none: string;
  /** Whether the answers have HTTP statuses to list. */
  statuses: boolean;
}

const HTTP: LoadWords = {
  sent: 'Requests',
  answers: 'responses',
  answersHeading: 'Responses',
  perSecond: 'req/s',
  ok: 'OK',
  failed: 'Failed (status 400 and over, or no answer)',
  none: 'No answer',
  statuses: true,
};

const WEBSOCKET: LoadWords = {
  sent: 'Messages',
  answers: 'replies',
  answersHeading: 'Replies',
  perSecond: 'msg/s',
  ok: 'Answered',
  failed: 'Failed (no reply)',
  none: 'No reply',
  statuses: false,
};

export function loadWords(result: Pick<PerfResult, 'protocol'>): LoadWords {
  return result.protocol === 'websocket' ? WEBSOCKET : HTTP;
}
