/** How a run of the case went. */
export interface CaseVerdict {
  passed: boolean;
  /** The answer, when one came. */
  response?: { status: number; statusText: string; body: string; durationMs: number };
  /** What did not hold, a line each; or why no answer came. */
  failures: string[];
  /** No answer at all: refused, reset, timed out. */
  unreachable: boolean;
  /** What the API's server printed about it (an answer of 500 or more, or none), when Falcon runs the server. */
  server?: CaseServerWords;
}

export interface CaseServerWords {
  /** As observations show them: `Server log (…):`, the lines, `Where it broke: app.js:12`; and notes. */
  lines: string[];
  /** As printed (masked), stack frames whole: what the failure analysis reads. */
  raw: string;
}

/** A failing case auto_fix works on: it can be run again and again, and says whether it passes. */
export interface CaseUnderFix {
  /** For people: `GET /users/1`, or the suite case's name. */
  label: string;
  method: string;
  /** The path its handler is looked up by (concrete). */
  path: string;
  /** What a pass needs, in words. */
  expected: string;
  run(signal: AbortSignal): Promise<CaseVerdict>;
}
