import type { z } from 'zod';

const NOUNS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** Zod issues in the words of a YAML file's author; `undefined` keeps zod's own message. */
export function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `expected ${NOUNS[issue.expected] ?? issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}, got ${describeValue(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'number') return `expected ${issue.minimum} or more, got ${describeValue(issue.input)}`;
      return undefined;
    default:
      return undefined;
  }
}

// Only the kind of value for strings: a misplaced API key must not end up in an error message.
function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'a mapping';
    default:
      return typeof value;
  }
}
