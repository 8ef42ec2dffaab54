import { isJsonObject } from './exact-json.js';
import { formatJsonValue, jsonTypeOf, numberText, numbersWithin } from './json-value.js';

export interface JsonDifference {
  /** Where, as `$.user.name`. */
  path: string;
  kind: 'changed' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
}

export interface JsonDiffOptions {
  /** Arrays are equal when they hold the same items in any order. */
  ignoreOrder?: boolean;
  /** Numbers this close (absolute) are equal. */
  tolerance?: number;
}

/** Every difference between two exact JSON values, by path. */
export function diffJson(before: unknown, after: unknown, options: JsonDiffOptions = {}, path = '$'): JsonDifference[] {
  const beforeNumber = numberText(before);
  const afterNumber = numberText(after);
  if (beforeNumber !== undefined && afterNumber !== undefined) {
    return numbersWithin(beforeNumber, afterNumber, options.tolerance ?? 0) ? [] : [{ path, kind: 'changed', before, after }];
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return options.ignoreOrder ? diffUnordered(before, after, options, path) : diffOrdered(before, after, options, path);
  }
  if (isJsonObject(before) && isJsonObject(after)) return diffObjects(before, after, options, path);
  return before === after ? [] : [{ path, kind: 'changed', before, after }];
}

function diffObjects(before: Record<string, unknown>, after: Record<string, unknown>, options: JsonDiffOptions, path: string): JsonDifference[] {
  const differences: JsonDifference[] = [];
  for (const [key, value] of Object.entries(before)) {
    const child = childPath(path, key);
    if (Object.hasOwn(after, key)) differences.push(...diffJson(value, after[key], options, child));
    else differences.push({ path: child, kind: 'removed', before: value });
  }
  for (const [key, value] of Object.entries(after)) {
    if (!Object.hasOwn(before, key)) differences.push({ path: childPath(path, key), kind: 'added', after: value });
  }
  return differences;
}

function diffOrdered(before: unknown[], after: unknown[], options: JsonDiffOptions, path: string): JsonDifference[] {
  const differences: JsonDifference[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const child = `${path}[${index}]`;
    if (index >= after.length) differences.push({ path: child, kind: 'removed', before: before[index] });
    else if (index >= before.length) differences.push({ path: child, kind: 'added', after: after[index] });
    else differences.push(...diffJson(before[index], after[index], options, child));
  }
  return differences;
}

/**
 * Items are matched to equal items wherever they are; the items left over on both sides are then
 * compared in their order of appearance, so one changed field reads as that field, not as an item
 * removed and another added.
 */
function diffUnordered(before: unknown[], after: unknown[], options: JsonDiffOptions, path: string): JsonDifference[] {
  const unmatched = new Map<number, unknown>(after.map((item, index) => [index, item]));
  const leftovers: number[] = [];
  for (const [index, item] of before.entries()) {
    const equal = (candidate: unknown) => diffJson(item, candidate, options).length === 0;
    // The same place first: most arrays compared this way are in much the same order.
    const match = unmatched.has(index) && equal(unmatched.get(index)) ? index : [...unmatched].find(([, candidate]) => equal(candidate))?.[0];
    if (match !== undefined) unmatched.delete(match);
    else leftovers.push(index);
  }
  const extra = [...unmatched.keys()];
  const differences: JsonDifference[] = [];
  leftovers.forEach((beforeIndex, position) => {
    const afterIndex = extra[position];
    const child = `${path}[${beforeIndex}]`;
    if (afterIndex === undefined) differences.push({ path: child, kind: 'removed', before: before[beforeIndex] });
    else differences.push(...diffJson(before[beforeIndex], after[afterIndex], options, child));
  });
  for (const afterIndex of extra.slice(leftovers.length)) differences.push({ path: `${path}[${afterIndex}]`, kind: 'added', after: after[afterIndex] });
  return differences;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** `$.user.name: "Ada" → "Grace"`, `$.user.email: added "a@b.c"`, `$.user.age: removed (was 36)`. */
export function describeDifference(difference: JsonDifference): string {
  switch (difference.kind) {
    case 'added':
      return `${difference.path}: added ${formatJsonValue(difference.after)}`;
    case 'removed':
      return `${difference.path}: removed (was ${formatJsonValue(difference.before)})`;
    case 'changed': {
      const typeChange =
        jsonTypeOf(difference.before) === jsonTypeOf(difference.after) || bothNumbers(difference)
          ? ''
          : ` (${jsonTypeOf(difference.before)} → ${jsonTypeOf(difference.after)})`;
      return `${difference.path}: ${formatJsonValue(difference.before)} → ${formatJsonValue(difference.after)}${typeChange}`;
    }
  }
}

function bothNumbers(difference: JsonDifference): boolean {
  return numberText(difference.before) !== undefined && numberText(difference.after) !== undefined;
}
