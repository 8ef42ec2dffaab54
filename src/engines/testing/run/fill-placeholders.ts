import { PLACEHOLDER, type VariableScope } from '../../../workspace/variable-scope.js';
import { CaseRequestError } from './case-http-request.js';

/**
 * Fills every `{{name}}` in the strings of a JSON-like value (object keys too): values extracted by
 * earlier chain steps first, then the run's variables (session, environment, global, `{{env:NAME}}`).
 * Every name that has no value is named in one CaseRequestError.
 */
export async function fillPlaceholders<T>(value: T, values: ReadonlyMap<string, string>, variables?: VariableScope): Promise<T> {
  const names = new Set<string>();
  mapStrings(value, (text) => {
    for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
    return text;
  });
  if (names.size === 0) return value;
  const others = [...names].filter((name) => !values.has(name));
  const resolved = new Map(values);
  if (others.length > 0) {
    const found = await lookUp(others, variables);
    others.forEach((name, index) => resolved.set(name, found[index]!));
  }
  return mapStrings(value, (text) => text.replace(PLACEHOLDER, (whole, name: string) => resolved.get(name) ?? whole));
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
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [map(key), mapStrings(item, map)])) as T;
  return value;
}
