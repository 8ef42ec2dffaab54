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
 * The request a case sent, with each value it took from an earlier step of its chain or from the
 * API's own data (`options.references`) written `{{name}}` instead: the case is prepared a second
 * time with a marker in place of each value, so every encoding the request applies (path, query,
 * JSON, form) shows where the value went; a number in a JSON body is written without its quotes.
 * `undefined` when the case used no such value.
 */
export async function chainRequestTemplate(
  testCase: TestCase,
  values: ReadonlyMap<string, string>,
  options: SendCaseOptions,
): Promise<RecordedRequest | undefined> {
  const references = options.references ?? new Map<string, string | number | boolean>();
  const valueOf = (name: string) => values.get(name) ?? (references.has(name) ? String(references.get(name)) : undefined);
  const used = placeholderNames([testCase.request, options.headers ?? {}]).filter((name) => PLAIN_VALUE.test(valueOf(name) ?? ''));
  if (used.length === 0) return undefined;
  const markers = new Map(used.map((name, index) => [name, `zqfalconchainvalue${index}qz`]));
  const prepared = await prepareCase(testCase, { ...options, values: new Map([...values, ...markers]) });
  if (!prepared.ok) return undefined;
  // A reference sent as a number or boolean: in a JSON body its marker is a quoted string, the value was not.
  const bare = new Set(used.filter((name) => !values.has(name) && typeof references.get(name) !== 'string'));
  const restore = (text: string) =>
    used.reduce((result, name) => {
      const marker = markers.get(name)!;
      const unquoted = bare.has(name) ? result.replaceAll(`"${marker}"`, `{{${name}}}`) : result;
      return unquoted.replaceAll(marker, `{{${name}}}`);
    }, text);
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
