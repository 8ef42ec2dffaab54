export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isInteger(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

export function isText(value: unknown, maxLength: number, minLength = 0): value is string {
  return typeof value === 'string' && value.length >= minLength && value.length <= maxLength;
}

/** A path or query id: digits only, at least 1. */
export function idOf(raw: string | null | undefined): number | undefined {
  return raw != null && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

/** An optional integer query parameter: its default when absent, undefined when malformed or out of range. */
export function integerParam(raw: string | null, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null) return fallback;
  return /^\d{1,9}$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined;
}

/** A host name as a shell command or resolver may take it: letters, digits, dots and hyphens. */
export function isHostName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(value);
}
