// Bounds on a call's arguments, checked before anything recursive reads them: jsonrepair, zod, the
// session file's JSON.stringify and the front ends all recurse once per level and run out of stack
// a few thousand levels down, which would end the run instead of telling the model.
import type { ArgsResult } from './call-site.js';
import { deepestNesting } from './text-scan.js';

/**
 * Levels of objects and arrays, the arguments object included. Real calls stay far below it: a JSON
 * Schema for a body nested 20 levels deep takes about 45.
 */
export const MAX_ARGUMENT_DEPTH = 64;
/** Characters of keys and strings in one call: room for write_file of a 1 MB source file. */
export const MAX_ARGUMENT_CHARS = 1024 * 1024;

/** Arguments read, or a problem the model reads when they go beyond the limits. */
export function withinLimits(args: ArgsResult): ArgsResult {
  if (!args.ok) return args;
  const problem = argumentsProblem(args.args);
  return problem === undefined ? args : { ok: false, problem };
}

/** Measured without recursion, however deep the arguments are. */
function argumentsProblem(args: Record<string, unknown>): string | undefined {
  let deepest = 0;
  let chars = 0;
  const pending: { value: unknown; depth: number }[] = [{ value: args, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') chars += value.length;
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth);
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value)) chars += key.length;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  if (deepest > MAX_ARGUMENT_DEPTH) return depthProblem(deepest);
  if (chars > MAX_ARGUMENT_CHARS) return `arguments hold ${count(chars)} characters; the most is ${count(MAX_ARGUMENT_CHARS)}`;
  return undefined;
}

/** Why argument text is refused before jsonrepair reads it, or undefined. */
export function argumentTextProblem(text: string): string | undefined {
  const deepest = deepestNesting(text);
  return deepest > MAX_ARGUMENT_DEPTH ? depthProblem(deepest) : undefined;
}

function depthProblem(deepest: number): string {
  return `arguments nest ${count(deepest)} levels deep; the most is ${MAX_ARGUMENT_DEPTH}`;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
