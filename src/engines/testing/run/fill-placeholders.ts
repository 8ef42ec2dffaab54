import { PLACEHOLDER, type VariableScope } from '../../../workspace/variable-scope.js';
import { CaseRequestError } from './case-http-request.js';

/** A string that is one placeholder and nothing else: `{{ref.customerId}}`. */
const WHOLE_PLACEHOLDER = /^\{\{\s*([\w.:-]+)\s*\}\}$/;

/**
 * Fills every `{{name}}` in the strings of a JSON-like value (object keys too): values extracted by
 * earlier chain steps first, then the references the run filled from the API's own data (`typed`:
 * a string that is only such a placeholder becomes the value itself, so a JSON body keeps a number a
 * number), then the run's variables (session, environment, global, `{{env:NAME}}`). Every name that
 * has no value is named in one CaseRequestError.
 */
export async function fillPlaceholders<T>(
  value: T,
  values: ReadonlyMap<string, string>,
  variables?: VariableScope,
  typed: ReadonlyMap<string, string | number | boolean> = new Map(),
): Promise<T> {
  const names = new Set<string>();
  mapStrings(value, (text) => {
    for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
    return text;
  });
  if (names.size === 0) return value;
  const others = [...names].filter((name) => !values.has(name) && !typed.has(name));
  const resolved = new Map<string, string>([...[...typed].map(([name, item]): [string, string] => [name, String(item)]), ...values]);
  if (others.length > 0) {
    const found = await lookUp(others, variables);
    others.forEach((name, index) => resolved.set(name, found[index]!));
  }
  const fill = (text: string) => text.replace(PLACEHOLDER, (whole, name: string) => resolved.get(name) ?? whole);
  return mapValues(
    value,
    (text) => {
      const whole = WHOLE_PLACEHOLDER.exec(text)?.[1];
      return whole !== undefined && typed.has(whole) && !values.has(whole) ? typed.get(whole)! : fill(text);
    },
    fill,
  );
}

async function lookUp(names: string[], variables: VariableScope | undefined): Promise<string[]> {
  if (!variables) {
    const list = names.map((name) => `{{${name}}}`).join(', ');
    throw new CaseRequestError(
      `unknown variable${names.length > 1 ? 's' : ''} ${list}: no earlier step of the chain extracted ${names.length > 1 ? 'them' : 'it'} and the run has no variables`,
    );
  }
  try {
    return await variables.resolveDeep(names.map((name) => `{{${name}}}`));
  } catch (error) {
    throw new CaseRequestError((error as Error).message);
  }
}

function mapStrings<T>(value: T, map: (text: string) => string): T {
  return mapValues(value, map, map);
}

/** Each string of a JSON-like value through `map` (which may make it another value), each object key through `mapKey`. */
function mapValues<T>(value: T, map: (text: string) => unknown, mapKey: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapValues(item, map, mapKey)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [mapKey(key), mapValues(item, map, mapKey)])) as T;
  return value;
}
