// Reading fields of a server's JSON answer that may be missing, mistyped or absurd.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A whole number of tokens above zero, as a number or a numeric string; anything else is unknown. */
export function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The first of `keys` (dotted paths such as `meta.n_ctx_train`) that holds a positive integer. */
export function firstPositiveInteger(record: unknown, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = key.split('.').reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), record);
    const tokens = positiveInteger(value);
    if (tokens !== undefined) return tokens;
  }
  return undefined;
}
