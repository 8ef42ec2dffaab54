import type { StoredResponse } from '../http/response-store.js';
import { type AssertionResult, checkBodyContains, checkBodyEquals, checkBodyMatches, checkJsonPaths } from './body-assertions.js';
import { validateJsonPath } from './json-path.js';
import { headerValues } from './response-json.js';
import { parseTextPattern } from './text-pattern.js';
import { checkExpectation, expectationSpecProblems, toExpectation } from './value-expectation.js';

export type { AssertionResult } from './body-assertions.js';

/** A status code, or a class of them such as `2xx`. */
export type StatusPattern = number | string;

export interface ResponseExpectations {
  statusCode?: StatusPattern;
  statusIn?: StatusPattern[];
  /** Header name (any case) → expected value, or an operator object such as `{"matches": "^W/"}`. */
  headers?: Record<string, unknown>;
  headersNotPresent?: string[];
  bodyContains?: string[];
  bodyNotContains?: string[];
  bodyEquals?: unknown;
  bodyMatchesRegex?: string;
  /** JSONPath → expected value, or an operator object (`equals`, `exists`, `type`, `gt`, …). */
  jsonPath?: Record<string, unknown>;
  responseTimeMaxMs?: number;
  /** The media type (`application/json`), matched without its parameters unless they are given. */
  contentType?: string;
}

export class AssertionSpecError extends Error {
  override name = 'AssertionSpecError';
}

const STATUS_CLASS = /^([1-5])xx$/i;

/** Everything wrong with the expectations themselves, found before any is checked. */
export function findExpectationProblems(expected: ResponseExpectations): string[] {
  const problems: string[] = [];
  for (const status of [expected.statusCode ?? [], expected.statusIn ?? []].flat()) {
    if (typeof status === 'string' && !STATUS_CLASS.test(status)) problems.push(`status ${JSON.stringify(status)}: give a number or a class such as "2xx"`);
  }
  const attempt = (label: string, check: () => void) => {
    try {
      check();
    } catch (error) {
      problems.push(`${label}: ${(error as Error).message}`);
    }
  };
  if (expected.bodyMatchesRegex !== undefined) attempt('body_matches_regex', () => parseTextPattern(expected.bodyMatchesRegex as string));
  for (const [path, spec] of Object.entries(expected.jsonPath ?? {})) {
    attempt(path, () => validateJsonPath(path));
    problems.push(...expectationSpecProblems(spec).map((problem) => `${path}: ${problem}`));
  }
  for (const [name, spec] of Object.entries(expected.headers ?? {})) {
    problems.push(...expectationSpecProblems(spec).map((problem) => `header ${name}: ${problem}`));
  }
  return problems;
}

/** Checks every expectation and returns one result for each (throws AssertionSpecError for a malformed one). */
export function assertResponse(response: StoredResponse, expected: ResponseExpectations): AssertionResult[] {
  const problems = findExpectationProblems(expected);
  if (problems.length > 0) throw new AssertionSpecError(problems.join('; '));
  const results: AssertionResult[] = [];
  const statusText = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (expected.statusCode !== undefined) {
    results.push({ subject: 'status', passed: statusMatches(response.status, expected.statusCode), expected: String(expected.statusCode), actual: statusText });
  }
  if (expected.statusIn !== undefined) {
    const passed = expected.statusIn.some((status) => statusMatches(response.status, status));
    results.push({ subject: 'status', passed, expected: `one of ${expected.statusIn.join(', ')}`, actual: statusText });
  }
  if (expected.contentType !== undefined) results.push(checkContentType(response, expected.contentType));
  for (const [name, spec] of Object.entries(expected.headers ?? {})) results.push(...checkHeader(response, name, spec));
  for (const name of expected.headersNotPresent ?? []) {
    const values = headerValues(response, name);
    results.push({
      subject: `header ${name}`,
      passed: values.length === 0,
      expected: 'absent',
      actual: values.length === 0 ? 'absent' : `present: ${values.join(', ')}`,
    });
  }
  if (expected.responseTimeMaxMs !== undefined) {
    const passed = response.durationMs <= expected.responseTimeMaxMs;
    results.push({ subject: 'response time', passed, expected: `≤ ${expected.responseTimeMaxMs} ms`, actual: `${response.durationMs} ms` });
  }
  results.push(...checkBodyContains(response, expected.bodyContains ?? [], true));
  results.push(...checkBodyContains(response, expected.bodyNotContains ?? [], false));
  if (expected.bodyEquals !== undefined) results.push(checkBodyEquals(response, expected.bodyEquals));
  if (expected.bodyMatchesRegex !== undefined) results.push(checkBodyMatches(response, expected.bodyMatchesRegex));
  results.push(...checkJsonPaths(response, expected.jsonPath ?? {}));
  return results;
}

function statusMatches(status: number, pattern: StatusPattern): boolean {
  if (typeof pattern === 'number') return status === pattern;
  return String(status)[0] === STATUS_CLASS.exec(pattern)?.[1];
}

function checkContentType(response: StoredResponse, expected: string): AssertionResult {
  const actual = headerValues(response, 'content-type')[0];
  const normalize = (value: string) => value.toLowerCase().replace(/\s+/g, '');
  const mediaType = actual === undefined ? undefined : normalize(expected.includes(';') ? actual : (actual.split(';')[0] ?? ''));
  return { subject: 'content-type', passed: mediaType === normalize(expected), expected, actual: actual ?? 'absent' };
}

/** A plain value must equal one of the header's values; an operator object is checked on the value (a list when repeated). */
function checkHeader(response: StoredResponse, name: string, spec: unknown): AssertionResult[] {
  const values = headerValues(response, name);
  const subject = `header ${name}`;
  if (typeof spec !== 'object' || spec === null) {
    const wanted = String(spec);
    return [
      {
        subject,
        passed: values.includes(wanted),
        expected: JSON.stringify(wanted),
        actual: values.length === 0 ? 'absent' : values.map((value) => JSON.stringify(value)).join(', '),
      },
    ];
  }
  const observed = values.length === 0 ? { found: false as const } : { found: true as const, value: values.length === 1 ? values[0] : values };
  return checkExpectation(observed, toExpectation(spec)).map((outcome) => ({ ...outcome, subject }));
}
