/** A JSONPath that cannot be evaluated; the message says where it goes wrong. */
export class JsonPathError extends Error {
  override name = 'JsonPathError';
}

export interface CheckedJsonPath {
  /** The path as jsonpath-plus reads it: rooted at `$`, RFC 9535 filters `[?expr]` given parentheses. */
  path: string;
  /** A definite path names at most one value; others (wildcards, filters, slices, `..`) name a list. */
  definite: boolean;
  /** The expressions of its filters `[?(…)]` and scripts `[(…)]`, without their parentheses. */
  expressions: string[];
}

const NAME = /^[^.[\]()'"\s]+/;
const QUOTED_NAME = /^(['"])([^'"]*)\1$/;
const BARE_NAME = /^[^.[\]()'"\s]+$/;
const INDEX_OR_SLICE = /^-?\d+$|^-?\d*:-?\d*(:-?\d*)?$/;

/**
 * Checks a JSONPath before it is evaluated, because jsonpath-plus quietly answers nothing (or the
 * wrong thing) for many malformed paths (`$.items[`, `$]`). A path without `$` is taken from the root
 * (`data.id`, `[0].id`).
 */
export function checkJsonPath(input: string): CheckedJsonPath {
  const source = input.trim();
  if (source === '') throw new JsonPathError('empty JSONPath: start with $, e.g. $.data.id');
  let rest = source.startsWith('$') ? source.slice(1) : source.startsWith('[') || source.startsWith('.') ? source : `.${source}`;
  let path = '$';
  let definite = true;
  const expressions: string[] = [];
  const fail = (problem: string): never => {
    throw new JsonPathError(`invalid JSONPath ${JSON.stringify(input)}: ${problem}`);
  };
  while (rest !== '') {
    const recursive = rest.startsWith('..');
    if (recursive) definite = false;
    if (rest.startsWith('.')) {
      rest = rest.slice(recursive ? 2 : 1);
      path += recursive ? '..' : '.';
      if (rest.startsWith('[') && recursive) continue;
      const name = rest.startsWith('*') ? '*' : NAME.exec(rest)?.[0];
      if (!name) fail(rest === '' ? 'it ends with a dot' : `expected a name after "${recursive ? '..' : '.'}" at ${JSON.stringify(rest)}`);
      if (name === '*') definite = false;
      path += name;
      rest = rest.slice((name as string).length);
    } else if (rest.startsWith('[')) {
      const end = closingBracket(rest, fail);
      const selector = checkSelector(rest.slice(1, end).trim(), fail);
      if (!selector.definite) definite = false;
      if (selector.expression !== undefined) expressions.push(selector.expression);
      path += `[${selector.text}]`;
      rest = rest.slice(end + 1);
    } else {
      fail(`unexpected ${JSON.stringify(rest[0])} at ${JSON.stringify(rest)}`);
    }
  }
  return { path, definite, expressions };
}

interface Selector {
  text: string;
  definite: boolean;
  expression?: string;
}

function checkSelector(selector: string, fail: (problem: string) => never): Selector {
  if (selector === '') fail('empty brackets []');
  if (selector === '*') return { text: '*', definite: false };
  if (selector.startsWith('?')) {
    const expression = selector.slice(1).trim();
    if (expression === '' || expression === '()') fail('a filter needs an expression, e.g. [?(@.price > 10)]');
    const wrapped = expression.startsWith('(') && closingParenthesis(expression) === expression.length - 1;
    return { text: `?${wrapped ? expression : `(${expression})`}`, definite: false, expression: wrapped ? expression.slice(1, -1) : expression };
  }
  if (selector.startsWith('(')) {
    if (closingParenthesis(selector) !== selector.length - 1) fail(`unbalanced parentheses in [${selector}]`);
    return { text: selector, definite: false, expression: selector.slice(1, -1) };
  }
  const parts = selector.split(',').map((part) => part.trim());
  for (const part of parts) {
    if (QUOTED_NAME.test(part)) {
      if (parts.length > 1) fail(`a union of quoted names [${selector}] is not supported: ask for each name in its own path`);
    } else if (!INDEX_OR_SLICE.test(part) && !BARE_NAME.test(part)) {
      fail(`[${selector}] is not an index, a slice, a quoted name, * or a filter [?(…)]`);
    }
  }
  const single = parts.length === 1 ? parts[0] : undefined;
  // jsonpath-plus finds nothing at a negative index; the one-item slice it stands for works.
  if (single !== undefined && /^-\d+$/.test(single)) {
    const end = Number(single) + 1;
    return { text: `${single}:${end === 0 ? '' : end}`, definite: true };
  }
  return { text: parts.join(','), definite: single !== undefined && !single.includes(':') };
}

/** Index of the `]` closing the `[` at 0, skipping quoted strings and nested brackets and parentheses. */
function closingBracket(text: string, fail: (problem: string) => never): number {
  const end = scanBalanced(text, '[', ']');
  if (end === undefined) fail(`no closing "]" for ${JSON.stringify(text)}`);
  return end as number;
}

function closingParenthesis(text: string): number | undefined {
  return scanBalanced(text, '(', ')');
}

function scanBalanced(text: string, open: string, close: string): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === open || char === '[' || char === '(') {
      depth++;
    } else if (char === close || char === ']' || char === ')') {
      depth--;
      if (depth === 0) return char === close ? index : undefined;
    }
  }
  return undefined;
}
