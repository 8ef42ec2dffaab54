import { z } from 'zod';
import type { Tool } from './tool.js';

export type ArgsValidation<T> = { ok: true; value: T } | { ok: false; problems: string };

/** Checks a tool call's arguments against the tool's schema and names every problem at once. */
export function validateToolArgs<Schema extends z.ZodType>(tool: Tool<Schema>, args: unknown): ArgsValidation<z.infer<Schema>> {
  const result = tool.schema.safeParse(args ?? {}, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  // `headers=None`: models write an argument they leave out as null. Where null is no valid value, it is left out.
  const withoutNulls = hasNullValues(args) ? Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null)) : undefined;
  const retried = withoutNulls ? tool.schema.safeParse(withoutNulls) : undefined;
  if (retried?.success) return { ok: true, value: retried.data };
  const known = tool.schema instanceof z.ZodObject ? Object.keys(tool.schema.shape) : [];
  return { ok: false, problems: result.error.issues.map((issue) => describeIssue(issue, known)).join('; ') };
}

function describeIssue(issue: z.core.$ZodIssue, knownKeys: string[]): string {
  const where = issue.path.length > 0 ? `${formatPath(issue.path)}: ` : '';
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((key) => `"${key}"`).join(', ');
      const hint = issue.path.length === 0 && knownKeys.length > 0 ? ` (known: ${knownKeys.join(', ')})` : '';
      return `${where}unknown key${issue.keys.length === 1 ? '' : 's'} ${keys}${hint}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return `${where || 'arguments: '}missing (expected ${typeName(issue.expected)})`;
      if (issue.expected === 'int' && typeof issue.input === 'number') return `${where}expected integer, received ${issue.input}`;
      return `${where || 'arguments: '}expected ${typeName(issue.expected)}, received ${describeValueType(issue.input)}`;
    case 'invalid_value':
      return `${where}expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, received ${JSON.stringify(issue.input)}`;
    case 'invalid_union': {
      const expected = issue.errors.flatMap((branch) =>
        branch
          .filter((inner) => inner.code === 'invalid_type' && inner.path.length === 0)
          .map((inner) => typeName((inner as z.core.$ZodIssueInvalidType).expected)),
      );
      if (expected.length === issue.errors.length) {
        return `${where}expected ${expected.join(' or ')}, received ${describeValueType(issue.input)}`;
      }
      return `${where}does not match any allowed form`;
    }
    default:
      return `${where}${issue.message.replace(/^Invalid input: /, '').replace(/^Too (small|big): /, '')}`;
  }
}

function formatPath(path: PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
}

function typeName(expected: string): string {
  return { int: 'integer', record: 'object' }[expected] ?? expected;
}

function describeValueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

/** An object with at least one null value. */
function hasNullValues(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).includes(null);
}
