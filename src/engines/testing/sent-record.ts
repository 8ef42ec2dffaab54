// What a run records of a request it sent, apart from test-run.ts, which names the checks: the
// checks read these too, and would otherwise import the list that imports them.

/** The request as sent, secrets masked. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Where a reference's value came from: an answer of another case of the run (a JSONPath of its
 * body, or its Location header's last segment), or the `--seed-data` file (as the user named it).
 */
export type ReferenceSource = { case: string; jsonPath: string } | { case: string; header: 'location' } | { seed: string };

/** One reference a case sent from what the API or the user gave. */
export interface FilledReference {
  /** `path customerId`, `body customer.id`. */
  slot: string;
  /** Its `{{name}}` in `requestTemplate`: `ref.customerId`. */
  placeholder: string;
  /** As sent, masked like the rest. */
  value: string;
  from: ReferenceSource;
}
