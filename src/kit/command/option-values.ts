import { InvalidArgumentError } from 'commander';

/** A list option given comma-separated, repeated, or both. */
export function collect(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ];
}

/** A repeatable option whose values may hold commas. */
export function collectEach(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A repeatable `-H "Name: value"`. */
export function collectHeader(value: string, previous: string[] = []): string[] {
  if (!/^[^:\s]+\s*:/.test(value)) throw new InvalidArgumentError('expected "Name: value", for example "Authorization: Bearer {{TOKEN}}"');
  return [...previous, value];
}

/** `-H` values as a header map: the name before the first colon, the value after it, trimmed. */
export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function parseWholeNumber(min: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isInteger(number) || number < min) throw new InvalidArgumentError(`expected a whole number of ${min} or more`);
    return number;
  };
}
