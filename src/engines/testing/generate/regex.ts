/** A JSON Schema `pattern` as a JavaScript regex: Unicode first, else as written (see spec-schema/spec-schema-validator.ts); undefined when neither compiles. */
export function patternRegex(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Try the next reading.
    }
  }
  return undefined;
}
