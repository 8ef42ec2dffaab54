export const DEFAULT_OBSERVATION_LIMIT = 12_000;
export const OBSERVATION_PREFIX = 'Observation: ';

/** Share of a cut observation given to its end, where errors, totals and exit codes usually are. */
const TAIL_SHARE = 0.3;

/**
 * Keeps the model's context small: long tool output is cut at the source to its head and tail,
 * with a note in the middle saying what was left out and how to see it.
 */
export function truncateObservation(text: string, limit = DEFAULT_OBSERVATION_LIMIT): string {
  if (text.length <= limit) return text;
  const tailSize = Math.floor(limit * TAIL_SHARE);
  const head = text.slice(0, limit - tailSize);
  const tail = text.slice(text.length - tailSize);
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    `${head}\n… [output truncated: showing ${count(limit)} of ${count(text.length)} characters — the first ` +
    `${count(head.length)} and the last ${count(tail.length)}. Narrow the call (offset/limit, a more specific ` +
    `pattern or path) to see the rest.]\n${tail}`
  );
}

export function formatObservation(output: string): string {
  return `${OBSERVATION_PREFIX}${output}`;
}
