import type { SpecOperation } from '../../../engines/spec/spec-format.js';

/** `200`, `2XX` (as 200) and `default` (as `fallback`) as the status number a response is sent with. */
export function statusNumber(key: string, fallback: number): number {
  const trimmed = key.trim().toUpperCase();
  if (/^\d{3}$/.test(trimmed)) return Number(trimmed);
  if (/^\dXX$/.test(trimmed)) return Number(trimmed[0]) * 100;
  return fallback;
}

/** The operation's first success: the lowest documented 2xx, else its `default`, else the first it documents. */
export function successKey(operation: SpecOperation): string | undefined {
  const keys = Object.keys(operation.responses);
  const successes = keys.filter((key) => /^2/.test(key.trim())).sort((a, b) => statusNumber(a, 200) - statusNumber(b, 200));
  return successes[0] ?? keys.find((key) => key.trim().toLowerCase() === 'default') ?? keys[0];
}

/**
 * The documented key to answer a refusal with: the status itself, else the other of 400/422, else
 * its range, else `default`; undefined when the spec documents none of them.
 */
export function refusalKey(operation: SpecOperation, status: number): string | undefined {
  const keys = Object.keys(operation.responses);
  const wanted = [String(status), ...(status === 422 ? ['400'] : status === 400 ? ['422'] : []), `${Math.floor(status / 100)}XX`, 'default'];
  for (const want of wanted) {
    const key = keys.find((candidate) => candidate.trim().toUpperCase() === want.toUpperCase());
    if (key !== undefined) return key;
  }
  return undefined;
}
