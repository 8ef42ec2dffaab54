import { JSONPath } from 'jsonpath-plus';
import type { JsonDocument } from './exact-json.js';
import { type CheckedJsonPath, JsonPathError, checkJsonPath } from './json-path-syntax.js';

export { JsonPathError } from './json-path-syntax.js';

export interface JsonPathMatch {
  /** Where the value is, as `$.items[1].price`. */
  path: string;
  /** JSON Pointer of the value (`/items/1/price`). */
  pointer: string;
  /** The value with its numbers as written. */
  value: unknown;
}

export interface JsonPathResult {
  matches: JsonPathMatch[];
  /** True when the path can name at most one value (no wildcard, filter, slice or `..`). */
  definite: boolean;
}

interface RawMatch {
  pointer: string;
  value: unknown;
}

/**
 * Evaluates a JSONPath (filters included, e.g. `$..items[?(@.price > 10)]`) on a parsed document.
 * Filters run on plain numbers in jsonpath-plus' safe evaluator (no JS `eval`); the values
 * returned are taken from the exact document, so large numbers keep every digit.
 */
export function queryJsonPath(document: JsonDocument, path: string): JsonPathResult {
  const checked = validateJsonPath(path);
  // jsonpath-plus answers nothing at all for a root of null, false, 0 or "".
  if (!document.plain) return { matches: checked.path === '$' ? [{ path: '$', pointer: '', value: document.exact }] : [], definite: checked.definite };
  let raw: RawMatch[];
  try {
    raw = JSONPath({ path: checked.path, json: document.plain as object, resultType: 'all', eval: 'safe', wrap: true }) as RawMatch[];
  } catch (error) {
    throw new JsonPathError(`cannot evaluate JSONPath ${JSON.stringify(path)}: ${(error as Error).message.replace(/^jsonPath: /, '')}`);
  }
  const matches = raw.map(({ pointer, value }) => ({ path: pointerToPath(pointer), pointer, value: exactValue(document, pointer, value) }));
  return { matches, definite: checked.definite };
}

interface ScriptConstructor {
  new (code: string): unknown;
}

// jsonpath-plus parses a filter only when it first meets an item to test, so a malformed filter on
// an empty list would pass unnoticed: its own safe-script parser is run on each expression up front.
const SafeScript = (JSONPath.prototype as unknown as { safeVm: { Script: ScriptConstructor } }).safeVm.Script;

/** Checks the path and the syntax of its filter expressions, without evaluating anything. */
export function validateJsonPath(path: string): CheckedJsonPath {
  const checked = checkJsonPath(path);
  for (const expression of checked.expressions) {
    // The names jsonpath-plus gives `@` and its variants before parsing (see its `_eval`).
    const script = `${expression} `.replace(/@(parentProperty|parent|property|root|path)/g, '_$$_$1').replace(/@([.\s)[])/g, '_$$_v$1');
    try {
      new SafeScript(script);
    } catch (error) {
      throw new JsonPathError(
        `invalid JSONPath ${JSON.stringify(path)}: the expression ${JSON.stringify(expression)} cannot be read: ${(error as Error).message.replace(/ at character \d+$/, '')}`,
      );
    }
  }
  return checked;
}

/** The exact value at `pointer` when it is what jsonpath-plus found there (not so for `~` names or `.length`). */
function exactValue(document: JsonDocument, pointer: string, found: unknown): unknown {
  const plain = valueAtPointer(document.plain, pointer);
  if (!plain.found || plain.value !== found) return found;
  return valueAtPointer(document.exact, pointer).value;
}

export function valueAtPointer(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  let value = root;
  for (const segment of pointerSegments(pointer)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return { found: false };
    value = (value as Record<string, unknown>)[segment];
  }
  return { found: true, value };
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `/items/1/first name` → `$.items[1]['first name']`. Digit-only segments are shown as indexes. */
export function pointerToPath(pointer: string): string {
  return `$${pointerSegments(pointer)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`))
    .join('')}`;
}
