export const DEFAULT_OBSERVATION_LIMIT = 12_000;

/** Keeps the model's context small: long tool output is cut, with a note on how to see the rest. */
export function truncateObservation(text: string, limit = DEFAULT_OBSERVATION_LIMIT): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  return (
    `${head}\n… [output truncated: showing ${limit.toLocaleString('en-US')} of ` +
    `${text.length.toLocaleString('en-US')} characters. Narrow the call (offset/limit, a more ` +
    `specific pattern or path) to see the rest.]`
  );
}

export function formatObservation(output: string): string {
  return `Observation: ${output}`;
}
