/** Narrowing helpers for parsed JSON/YAML, where anything may be anything. */
export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `Object.entries` of an object, or nothing. */
export function entriesOf(value: unknown): [string, unknown][] {
  const object = asObject(value);
  return object ? Object.entries(object) : [];
}

/** The JSON value of `text`, or the text itself when it is not JSON (e.g. it holds `{{var}}`). */
export function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
