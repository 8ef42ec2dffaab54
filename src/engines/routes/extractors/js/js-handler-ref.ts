import type { HandlerRef } from '../../route.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { functionAt } from './js-functions.js';
import type { JsProject } from './js-project.js';

const FUNCTION_START = /^(?:async\b|function\b|\(|[\w$]+\s*=>)/;
/** `async handler(req, reply) {…}` in an options object. */
const METHOD_SHORTHAND = /^(?:async\s+)?(?!function\b)[\w$]+\s*\([^)]*\)\s*(?::[^{]+)?\{/;

/**
 * The handler an argument names: an inline function, `getUser`, `users.getUser`, the last of an array
 * of middlewares, or what a wrapper such as `asyncHandler(getUser)` wraps.
 */
export function jsHandlerRef(project: JsProject, file: SourceFile, span: Span, depth = 0): HandlerRef {
  const text = span.text;
  if (depth > 4) return { label: text };
  if (text.startsWith('[')) {
    const last = file.args(span.start).at(-1);
    return last ? jsHandlerRef(project, file, last, depth + 1) : { label: text };
  }
  if (METHOD_SHORTHAND.test(text)) return { label: 'inline function', at: { file: file.path, offset: span.start } };
  if (FUNCTION_START.test(text)) {
    const fn = functionAt(project.functions(file), span.start);
    if (fn) return { label: 'inline function', at: { file: file.path, offset: fn.start } };
  }
  const bound = /^([\w$.]+)\.bind\(/.exec(text);
  const name = bound ? (bound[1] as string) : text;
  if (/^[\w$]+(?:\.[\w$]+)*$/.test(name)) {
    const parts = name.split('.').filter((part) => part !== 'this');
    const hints = [project.definitionFile(file, parts[0] as string), project.definitionFile(file, parts.at(-1) as string)];
    return { label: name, name: parts.at(-1), hints: hints.filter((hint): hint is string => hint !== undefined) };
  }
  // A wrapper such as `asyncHandler(getUser)` stands for what it wraps (a function, a controller's method);
  // a factory call such as `serveStatic({…})` or `makeHandler(db)` for itself.
  const wrapper = /^([\w$.]+)\s*\(/.exec(text);
  if (!wrapper) return { label: text };
  const inner = file.args(span.start + wrapper[0].length - 1).at(-1);
  const wrapsHandler =
    inner &&
    (/^(?:async\b|function\b|\(|[\w$]+\s*=>|[\w$]+(?:\.[\w$]+)+$|[\w$.]+\s*\()/.test(inner.text) ||
      (/^[\w$]+$/.test(inner.text) && project.functionNamed(file, inner.text) !== undefined));
  if (inner && wrapsHandler) return jsHandlerRef(project, file, inner, depth + 1);
  const callee = wrapper[1] as string;
  const hint = project.definitionFile(file, callee.split('.')[0] as string);
  return { label: `${callee}(…)`, name: callee.split('.').at(-1), hints: hint ? [hint] : [] };
}

/** An object literal's properties by key; a method shorthand (`handler(req) {…}`) is its own value. */
export function objectProperties(file: SourceFile, object: Span): Map<string, Span> {
  const props = new Map<string, Span>();
  if (!object.text.startsWith('{')) return props;
  for (const prop of file.args(object.start)) {
    const keyed = /^(['"]?)([\w$]+)\1\s*:\s*/.exec(prop.text);
    if (keyed) {
      props.set(keyed[2] as string, file.span(prop.start + keyed[0].length, prop.end));
      continue;
    }
    const method = /^(?:async\s+)?([\w$]+)\s*\(/.exec(prop.text);
    if (method) props.set(method[1] as string, prop);
  }
  return props;
}
