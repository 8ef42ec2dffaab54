import type { Argument, Option } from 'commander';

/** Names that exist only at completion time, listed by `falcon __complete <kind>`. */
export const DYNAMIC_VALUE_KINDS = ['requests', 'flows', 'environments', 'providers', 'commands'] as const;
export type DynamicValueKind = (typeof DYNAMIC_VALUE_KINDS)[number];

/** What completes an option's value or an argument beyond its choices: project or config names, or files. */
export type CompletionValues = DynamicValueKind | 'files';

const valuesOf = new WeakMap<Argument | Option, CompletionValues>();

/** Marks what the shell completes for this option's value or this argument, e.g. saved request names. */
export function completesWith<T extends Argument | Option>(target: T, values: CompletionValues): T {
  valuesOf.set(target, values);
  return target;
}

export function completionValuesOf(target: Argument | Option): CompletionValues | undefined {
  return valuesOf.get(target);
}
