const SHORTEST_PARTLY_SHOWN = 12;

/** `sk-…wxyz`: enough to tell keys apart, never enough to use one. Short keys are not shown at all. */
export function maskApiKey(key: string): string {
  const trimmed = key.trim();
  return trimmed.length >= SHORTEST_PARTLY_SHOWN ? `${trimmed.slice(0, 3)}…${trimmed.slice(-4)}` : '***';
}
