import type { StoredResponse } from '../http/response-store.js';
import { parseJsonDocument, toExactJson } from './exact-json.js';
import { describeDifference, diffJson } from './json-diff.js';
import { queryJsonPath } from './json-path.js';
import { formatJsonValue } from './json-value.js';
import { readResponseJson } from './response-json.js';
import { parseTextPattern } from './text-pattern.js';
import { type CheckOutcome, checkExpectation, toExpectation } from './value-expectation.js';

export interface AssertionResult extends CheckOutcome {
  /** What was checked: `status`, `header location`, `body`, `$.items[0].id`, … */
  subject: string;
}

const SHOWN_DIFFERENCES = 3;

export function checkBodyContains(response: StoredResponse, texts: string[], present: boolean): AssertionResult[] {
  return texts.map((text) => {
    const found = response.body.includes(text);
    return {
      subject: 'body',
      passed: found === present,
      expected: `${present ? 'contains' : 'does not contain'} ${JSON.stringify(text)}`,
      actual: found ? `found at character ${response.body.indexOf(text)}` : `not found in ${bodyExcerpt(response.body)}`,
    };
  });
}

export function checkBodyMatches(response: StoredResponse, pattern: string): AssertionResult {
  const match = parseTextPattern(pattern).exec(response.body);
  return {
    subject: 'body',
    passed: match !== null,
    expected: `matches ${pattern}`,
    actual: match ? `matched ${JSON.stringify(match[0].slice(0, 80))}` : `no match in ${bodyExcerpt(response.body)}`,
  };
}

/** A string is compared as text, unless both it and the body are JSON; anything else as JSON. */
export function checkBodyEquals(response: StoredResponse, expected: unknown): AssertionResult {
  const subject = 'body';
  const label = `equals ${formatJsonValue(expected)}`;
  const body = readResponseJson(response);
  if (typeof expected !== 'string' && !body.ok) return { subject, passed: false, expected: label, actual: body.reason };
  const expectedJson = typeof expected === 'string' ? tryParse(expected) : { ok: true as const, value: toExactJson(expected) };
  if (!expectedJson.ok || !body.ok) {
    return { subject, passed: response.body === expected, expected: label, actual: bodyExcerpt(response.body) };
  }
  const differences = diffJson(expectedJson.value, body.document.exact);
  const shown = differences.slice(0, SHOWN_DIFFERENCES).map(describeDifference).join('; ');
  const more = differences.length > SHOWN_DIFFERENCES ? ` (and ${differences.length - SHOWN_DIFFERENCES} more)` : '';
  return {
    subject,
    passed: differences.length === 0,
    expected: label,
    actual: differences.length === 0 ? 'equal' : `differs: ${shown}${more} (expected → actual)`,
  };
}

/** One result per operator of each path; a path on a body that is not JSON fails with the reason. */
export function checkJsonPaths(response: StoredResponse, paths: Record<string, unknown>): AssertionResult[] {
  const body = readResponseJson(response);
  return Object.entries(paths).flatMap(([path, spec]) => {
    const expectation = toExpectation(spec);
    if (!body.ok) return checkExpectation({ found: false }, expectation).map((outcome) => ({ ...outcome, subject: path, actual: body.reason }));
    const { matches, definite } = queryJsonPath(body.document, path);
    const { exists, ...valueChecks } = expectation;
    // A definite path names one value; any other path names the list of what it matched.
    const value = definite ? matches[0]?.value : matches.map((match) => match.value);
    const outcomes = [
      ...(exists === undefined ? [] : checkExpectation(matches.length > 0 ? { found: true, value } : { found: false }, { exists })),
      ...checkExpectation(definite && matches.length === 0 ? { found: false } : { found: true, value }, valueChecks),
    ];
    return outcomes.map((outcome) => ({ ...outcome, subject: path }));
  });
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonDocument(text).exact };
  } catch {
    return { ok: false };
  }
}

function bodyExcerpt(body: string): string {
  if (body === '') return 'the empty body';
  const excerpt = body.length > 80 ? `${JSON.stringify(body.slice(0, 80))}…` : JSON.stringify(body);
  return `the body (${body.length} chars): ${excerpt}`;
}
