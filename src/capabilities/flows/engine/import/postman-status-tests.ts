import { asArray, asObject, asString, type JsonObject } from '../../../../engines/spec/json-values.js';

/** What a Postman item's test scripts say about the status, and the tests that say something else. */
export interface StatusTests {
  statusCode?: number;
  notConverted: string[];
}

const STATUS_FORMS: Array<[RegExp, (match: RegExpExecArray) => number]> = [
  [/pm\.response\.to\.have\.status\(\s*(\d{3})\s*\)/, (match) => Number(match[1])],
  [/pm\.expect\(\s*pm\.response\.(?:code|status)\s*\)\.to\.(?:be\.)?(?:eql|equal|equals)\(\s*(\d{3})\s*\)/, (match) => Number(match[1])],
  [/pm\.response\.to\.be\.ok\b/, () => 200],
  [/responseCode\.code\s*===?\s*(\d{3})/, (match) => Number(match[1])],
];

/**
 * Reads the item's `test` event scripts one `pm.test(...)` block at a time (or line by line outside
 * blocks): a block that only checks the status becomes `statusCode`, any other is named in `notConverted`.
 */
export function postmanStatusTests(item: JsonObject): StatusTests {
  const result: StatusTests = { notConverted: [] };
  for (const event of asArray(item.event).map(asObject)) {
    if (asString(event?.listen) !== 'test') continue;
    const script = asObject(event?.script);
    const source = asArray(script?.exec).map(String).join('\n') || (asString(script?.exec) ?? '');
    for (const test of testsIn(source)) {
      const statusCode = statusCheckedBy(test.body);
      if (statusCode !== undefined && result.statusCode === undefined) result.statusCode = statusCode;
      else result.notConverted.push(test.name);
    }
  }
  return result;
}

interface PostmanTest {
  name: string;
  body: string;
}

const TEST_START = /pm\.test\(\s*(["'`])((?:\\.|(?!\1).)*)\1\s*,/g;

function testsIn(source: string): PostmanTest[] {
  const starts = [...source.matchAll(TEST_START)];
  if (starts.length === 0)
    return source
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('//'))
      .map((line) => ({ name: line, body: line }));
  return starts.map((start, index) => ({ name: start[2]!, body: source.slice(start.index, starts[index + 1]?.index ?? source.length) }));
}

/** The status a test checks, when that is all it checks. */
function statusCheckedBy(body: string): number | undefined {
  const checks = body.match(/pm\.(?:expect|response\.to)|tests\[/g) ?? [];
  if (checks.length !== 1) return undefined;
  for (const [pattern, status] of STATUS_FORMS) {
    const match = pattern.exec(body);
    if (match) return status(match);
  }
  return undefined;
}
