import type { ScanExchange } from '../scan-exchange.js';

/** The variable a reader sets to a URL they watch: SSRF's proof is the server requesting it. */
export const CANARY_URL = 'CANARY_URL';

/**
 * A value a step's request holds that the replay makes rather than copies: a token forged from the
 * user's own (alg none, re-signed), a canary URL the reader chooses. The request carries `$variable`
 * in its place; an earlier `shell` step sets it, or the legend asks the reader to.
 */
export interface ReplayValue {
  literal: string;
  variable: string;
}

/** One request sent again, as the identity it was sent as (its credentials become that user's variables). */
export interface SendStep {
  kind: 'send';
  /** What the step does, for the comment above it: `alice reads her order`. */
  label: string;
  exchange: ScanExchange;
  values?: ReplayValue[];
}

/** The same request sent `count` times (a burst: at once; else one after another), answered with a tally of statuses. */
export interface RepeatStep {
  kind: 'repeat';
  label: string;
  exchange: ScanExchange;
  count: number;
  atOnce: boolean;
  values?: ReplayValue[];
}

/** Lines a check writes itself: a token forged from the user's own, with openssl and base64. */
export interface ShellStep {
  kind: 'shell';
  label: string;
  lines: string[];
  /** The variables its lines read that the reader sets (`TOKEN_OF_ALICE`). */
  needs: string[];
  /** What it needs beyond curl and a POSIX shell: `openssl`. */
  tools?: string[];
}

/** The reproduction of a finding, step by step: what a reader runs to see it on a server that never saw the scan. */
export type ReplayStep = SendStep | RepeatStep | ShellStep;

export function sendStep(label: string, exchange: ScanExchange, values?: ReplayValue[]): SendStep {
  return { kind: 'send', label, exchange, ...(values && { values }) };
}
