import { compareNumber, isNumber, isSafeNumber } from 'lossless-json';
import { isJsonObject, toExactJson } from './exact-json.js';
import { OPERATORS, type Operator } from './expectation-operators.js';
import { JSON_TYPES, type JsonType, formatJsonValue, hasJsonType, jsonEquals, jsonIncludes, jsonTypeOf, numberText } from './json-value.js';
import { parseTextPattern } from './text-pattern.js';

export type Expectation = Partial<Record<Operator, unknown>>;

/** What was found where an expectation looked: nothing, or a value with its numbers as written. */
export type Observed = { found: false } | { found: true; value: unknown };

export interface CheckOutcome {
  passed: boolean;
  expected: string;
  actual: string;
}

export class ExpectationError extends Error {
  override name = 'ExpectationError';
}

const COMPARISONS = {
  gt: ['>', (c: number) => c > 0],
  lt: ['<', (c: number) => c < 0],
  gte: ['≥', (c: number) => c >= 0],
  lte: ['≤', (c: number) => c <= 0],
} as const;

/** An object whose keys are all operators is an operator object; any other value means `equals`. */
export function toExpectation(spec: unknown): Expectation {
  if (isJsonObject(spec) && Object.keys(spec).length > 0 && Object.keys(spec).every((key) => (OPERATORS as readonly string[]).includes(key))) {
    return spec as Expectation;
  }
  return { equals: spec };
}

/** Problems with an expectation as given: an operator object mixed with other keys is most likely a typo. */
export function expectationSpecProblems(spec: unknown): string[] {
  if (isJsonObject(spec)) {
    const keys = Object.keys(spec);
    const operators = keys.filter((key) => (OPERATORS as readonly string[]).includes(key));
    const others = keys.filter((key) => !operators.includes(key));
    if (operators.length > 0 && others.length > 0) {
      return [
        `${others.map((key) => `"${key}"`).join(', ')} ${others.length === 1 ? 'is not an operator' : 'are not operators'} (operators: ${OPERATORS.join(', ')}; to expect an object, write {"equals": {…}})`,
      ];
    }
  }
  return expectationProblems(toExpectation(spec));
}

/** Problems with an expectation itself (not with the value checked), so that none is evaluated half-way. */
export function expectationProblems(expectation: Expectation): string[] {
  const problems: string[] = [];
  if ('exists' in expectation && typeof expectation.exists !== 'boolean') problems.push('"exists" takes true or false');
  if ('type' in expectation && !(JSON_TYPES as readonly unknown[]).includes(expectation.type)) {
    problems.push(`"type" takes one of ${JSON_TYPES.join(', ')}`);
  }
  for (const key of ['gt', 'lt', 'gte', 'lte'] as const) {
    if (key in expectation && numberText(expectation[key]) === undefined && !isNumericString(expectation[key])) problems.push(`"${key}" takes a number`);
  }
  if ('length' in expectation) {
    const length = expectation.length;
    if (isJsonObject(length)) problems.push(...expectationSpecProblems(length).map((problem) => `length: ${problem}`));
    else if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
      problems.push('"length" takes a whole number or an operator object such as {"gt": 0}');
  }
  if ('matches' in expectation) {
    if (typeof expectation.matches !== 'string') problems.push('"matches" takes a regular expression as a string');
    else {
      try {
        parseTextPattern(expectation.matches);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  return problems;
}

/** Checks every operator of the expectation; one outcome per operator. */
export function checkExpectation(observed: Observed, expectation: Expectation): CheckOutcome[] {
  return (Object.keys(expectation) as Operator[]).map((operator) => checkOperator(observed, operator, expectation[operator]));
}

function checkOperator(observed: Observed, operator: Operator, expected: unknown): CheckOutcome {
  if (operator === 'exists') {
    return {
      passed: observed.found === expected,
      expected: expectedLabel('exists', expected),
      actual: observed.found ? `present (${formatJsonValue(observed.value)})` : 'absent',
    };
  }
  const label = expectedLabel(operator, expected);
  if (!observed.found) return { passed: false, expected: label, actual: 'not found' };
  const actual = observed.value;
  return { passed: holds(operator, actual, expected), expected: label, actual: actualLabel(operator, actual) };
}

function actualLabel(operator: Operator, actual: unknown): string {
  if (operator === 'type') return `${formatJsonValue(actual)} (${jsonTypeOf(actual)})`;
  if (operator !== 'length') return formatJsonValue(actual);
  const size = lengthOf(actual);
  return size === undefined ? `${formatJsonValue(actual)} (${jsonTypeOf(actual)}, which has no length)` : `length ${size}: ${formatJsonValue(actual, 80)}`;
}

function holds(operator: Exclude<Operator, 'exists'>, actual: unknown, expected: unknown): boolean {
  switch (operator) {
    case 'equals':
      return jsonEquals(actual, toExactJson(expected)) || bigNumberEquals(actual, expected);
    case 'type':
      return hasJsonType(actual, expected as JsonType);
    case 'gt':
    case 'lt':
    case 'gte':
    case 'lte': {
      const comparison = compareWithExpected(actual, expected);
      return comparison !== undefined && COMPARISONS[operator][1](comparison);
    }
    case 'contains':
      return contains(actual, expected);
    case 'length': {
      const size = lengthOf(actual);
      if (size === undefined) return false;
      if (typeof expected === 'number') return size === expected;
      return checkExpectation({ found: true, value: size }, toExpectation(expected)).every((outcome) => outcome.passed);
    }
    case 'matches': {
      const text = typeof actual === 'string' ? actual : numberText(actual);
      return text !== undefined && parseTextPattern(expected as string).test(text);
    }
  }
}

function contains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string') return (typeof expected === 'string' || typeof expected === 'number') && actual.includes(String(expected));
  const wanted = toExactJson(expected);
  if (Array.isArray(actual)) return actual.some((item) => jsonIncludes(item, wanted));
  if (isJsonObject(actual)) return typeof expected === 'string' ? Object.hasOwn(actual, expected) : jsonIncludes(actual, wanted);
  return false;
}

function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (isJsonObject(value)) return Object.keys(value).length;
  return undefined;
}

/** Numbers beyond what JS holds may be written as strings of digits: "12345678901234567890". */
function bigNumberEquals(actual: unknown, expected: unknown): boolean {
  return isNumericString(expected) && !isSafeNumber(expected) && compareWithExpected(actual, expected) === 0;
}

/** Exact comparison of a number with an expected number, or with digits given as a string. */
function compareWithExpected(actual: unknown, expected: unknown): number | undefined {
  const left = numberText(actual);
  const right = isNumericString(expected) ? expected : numberText(expected);
  return left === undefined || right === undefined ? undefined : compareNumber(left, right);
}

function isNumericString(value: unknown): value is string {
  return typeof value === 'string' && isNumber(value);
}

function expectedLabel(operator: Operator, expected: unknown): string {
  switch (operator) {
    case 'exists':
      return expected ? 'present' : 'absent';
    case 'equals':
      return formatJsonValue(expected);
    case 'type':
      return `type ${String(expected)}`;
    case 'contains':
      return `contains ${formatJsonValue(expected)}`;
    case 'length':
      return typeof expected === 'number'
        ? `length ${expected}`
        : `length ${Object.entries(expected as object)
            .map(([op, value]) => expectedLabel(op as Operator, value))
            .join(' and ')}`;
    case 'matches':
      return `matches ${String(expected)}`;
    default:
      return `${COMPARISONS[operator][0]} ${isNumericString(expected) ? expected : formatJsonValue(expected)}`;
  }
}
