import { PLACEHOLDER, type VariableScope } from '../../workspace/variable-scope.js';
import type { RequestParts } from './prepare-request.js';

/**
 * Resolves `{{VAR}}` in the URL, headers, query, form and body. Every unknown name is reported in
 * one error. Object bodies get values as plain strings (JSON.stringify escapes them later); a
 * string body that is JSON gets each value escaped for where it stands (see resolveJsonText).
 */
export async function resolveRequest<Parts extends RequestParts>(parts: Parts, variables: VariableScope): Promise<Parts> {
  await variables.resolve(strings(parts).join('\n'));
  const { url, headers, query, form, body } = parts;
  return {
    ...parts,
    url: await variables.resolve(url),
    headers: headers && (await variables.resolveDeep(headers)),
    query: query && (await variables.resolveDeep(query)),
    form: form && (await variables.resolveDeep(form)),
    body: typeof body === 'string' ? await resolveBodyText(body, variables) : body && (await variables.resolveDeep(body)),
  };
}

/**
 * A text body that is JSON once its placeholders are stood in for by `0` (valid both inside a
 * string and as a bare value) keeps being JSON after substitution: a value inside a string is
 * JSON-escaped, so a quote or a newline cannot break it; a bare value (`"id": {{ID}}`) goes in as
 * it is when it is JSON itself (a number, true, an object), else as a JSON string. Other text bodies
 * get plain substitution.
 */
export async function resolveBodyText(text: string, variables: VariableScope): Promise<string> {
  const placeholders = [...text.matchAll(PLACEHOLDER)];
  if (placeholders.length === 0 || !parsesAsJson(text.replace(PLACEHOLDER, '0'))) return variables.resolve(text);
  const values = await variables.resolveDeep(placeholders.map((match) => match[0]));
  const insideString = stringContext(
    text,
    placeholders.map((match) => match.index),
  );
  let index = 0;
  return text.replace(PLACEHOLDER, () => {
    const value = values[index] ?? '';
    const escaped = insideString[index] ? JSON.stringify(value).slice(1, -1) : parsesAsJson(value) ? value : JSON.stringify(value);
    index += 1;
    return escaped;
  });
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** For each position (ascending), whether it lies inside a JSON string literal of `text`. */
function stringContext(text: string, positions: number[]): boolean[] {
  const result: boolean[] = [];
  let inString = false;
  for (let i = 0; result.length < positions.length && i < text.length; i++) {
    while (result.length < positions.length && (positions[result.length] ?? 0) <= i) result.push(inString);
    if (inString && text[i] === '\\') i++;
    else if (text[i] === '"') inString = !inString;
  }
  return result;
}

/** Every string in the request, keys included, so that one pass can name all unknown variables. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  return [];
}
