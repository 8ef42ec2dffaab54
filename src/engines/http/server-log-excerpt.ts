/** What the API's server printed about one request, as Falcon shows it. */
export interface ServerLogExcerpt {
  /** The id the request carried (`X-Request-Id` by default). */
  requestId: string;
  /** Masked; stack frames reduced to the project's own `path:line` and source line. */
  lines: string[];
  /** `request-id`: the lines naming the request; `time`: those printed while it was under way. */
  by?: 'request-id' | 'time';
  /** Other requests were under way at the same time: lines by time may be theirs. */
  crowded?: boolean;
  /** Lines of the excerpt beyond those shown. */
  omittedLines: number;
  /** The lines as printed (masked), stack frames whole, for analyze_failure. */
  raw: string;
  /** The project's frames, innermost first: `app.js:12`. */
  where: string[];
  /** Why there are no lines: Falcon did not start the server, … */
  unavailable?: string;
  /** The log file and the lines of it (1-based) the excerpt spans, for the dashboard's links. */
  file?: string;
  fileLines?: { first: number; last: number };
}
