import { PLACEHOLDER } from '../../../workspace/variable-scope.js';
import type { TestCase } from '../test-case.js';
import type { RecordedRequest } from '../test-run.js';
import { prepareCase, type SendCaseOptions } from './send-case.js';

/**
 * Values that read the same in a URL path or query, a JSON string and a shell double-quoted word:
 * only these become `{{name}}` in a template (an id with a slash or a quote stays as it was sent).
 */
const PLAIN_VALUE = /^[A-Za-z0-9._~:+-]+$/;

/**
 * The request a chain step sent, with each value it took from an earlier step written `{{name}}`
 * instead: the step is prepared a second time with a marker in place of each value, so every
 * encoding the request applies (path, query, JSON, form) shows where the value went. `undefined`
 * when the step used no such value.
 */
export async function chainRequestTemplate(
  testCase: TestCase,
  values: ReadonlyMap<string, string>,
  options: SendCaseOptions,
): Promise<RecordedRequest | undefined> {
  const used = placeholderNames([testCase.request, options.headers ?? {}]).filter((name) => PLAIN_VALUE.test(values.get(name) ?? ''));
  if (used.length === 0) return undefined;
  const markers = new Map(used.map((name, index) => [name, `zqfalconchainvalue${index}qz`]));
  const prepared = await prepareCase(testCase, { ...options, values: new Map([...values, ...markers]) });
  if (!prepared.ok) return undefined;
  const restore = (text: string) => used.reduce((result, name) => result.replaceAll(markers.get(name)!, `{{${name}}}`), text);
  const { request } = prepared;
  return {
    method: request.method,
    url: restore(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, restore(value)])),
    ...(request.body !== undefined && { body: restore(request.body) }),
  };
}

/** Every `{{name}}` in the strings of a JSON-like value, keys included. */
function placeholderNames(value: unknown, names = new Set<string>()): string[] {
  const scan = (text: string) => {
    for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
  };
  if (typeof value === 'string') scan(value);
  else if (Array.isArray(value)) for (const item of value) placeholderNames(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      scan(key);
      placeholderNames(item, names);
    }
  }
  return [...names];
}
