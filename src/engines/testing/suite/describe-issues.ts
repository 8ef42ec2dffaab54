import type { z } from 'zod';

const SHOWN_ISSUES = 5;

/** Zod's issues as `cases[3].request.method is missing; …`, the first few, so a person can fix the file. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, SHOWN_ISSUES).map(describeIssue);
  if (issues.length > SHOWN_ISSUES) described.push(`and ${issues.length - SHOWN_ISSUES} more problems`);
  return described.join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path) || 'the file';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${where} is missing`;
      return `${where} must be ${article(typeName(issue.expected))}, not ${describeValue(issue.input)}`;
    case 'invalid_value':
      return `${where} is ${describeValue(issue.input)}; expected ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `${where} has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'too_small':
      return issue.minimum === 1 && (issue.origin === 'string' || issue.origin === 'array')
        ? `${where} must not be empty`
        : `${where} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${where} must be at most ${String(issue.maximum)}`;
    case 'invalid_union':
      return `${where} must be a string, number or boolean, not ${describeValue(issue.input)}`;
    default:
      return `${where} ${issue.message.startsWith('must') ? issue.message : `is invalid: ${issue.message}`}`;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
}

function typeName(expected: string): string {
  return { int: 'integer', record: 'mapping', object: 'mapping', array: 'list' }[expected] ?? expected;
}

function article(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}
