import path from 'node:path';
import type { SourceFile } from '../../source/source-file.js';
import type { SourceSet } from '../../source/source-set.js';

/** What a local name was imported as: an export (`default`, a name, or `*`) of a module. */
export interface JsBinding {
  /** The project file, when the module is one of the project's. */
  file?: string;
  specifier: string;
  name: string;
}

/** What a module exports under a name. */
export type JsExport = { kind: 'local'; name: string } | { kind: 'expression'; offset: number } | { kind: 'reexport'; binding: JsBinding };

const IMPORT = /\bimport\s+(?:type\s+)?([\w$]+)?\s*,?\s*(?:\{([^}]*)\}|\*\s+as\s+([\w$]+))?\s*from\s*(['"])([^'"]+)\4/g;
const REQUIRE = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*(['"])([^'"]+)\2\s*\)(?:\.([\w$]+))?/g;
const REQUIRE_DESTRUCTURED = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*(['"])([^'"]+)\2\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** The file's imports and requires, by local name. */
export function jsImports(file: SourceFile, sources: SourceSet): Map<string, JsBinding> {
  const bindings = new Map<string, JsBinding>();
  const bind = (local: string, specifier: string, name: string) =>
    bindings.set(local, { file: resolveJsModule(file.path, specifier, sources), specifier, name });
  for (const match of file.code.matchAll(IMPORT)) {
    const specifier = match[5] as string;
    if (match[1]) bind(match[1], specifier, 'default');
    if (match[3]) bind(match[3], specifier, '*');
    for (const [name, local] of namedItems(match[2] ?? '', /\s+as\s+/)) bind(local, specifier, name);
  }
  for (const match of file.code.matchAll(REQUIRE)) bind(match[1] as string, match[3] as string, match[4] ?? 'default');
  for (const match of file.code.matchAll(REQUIRE_DESTRUCTURED)) {
    for (const [name, local] of namedItems(match[1] as string, /\s*:\s*/)) bind(local, match[3] as string, name);
  }
  return bindings;
}

/** A relative (or `@/`, `~/` for `src/`) specifier as a project file, trying the usual extensions. */
export function resolveJsModule(from: string, specifier: string, sources: SourceSet): string | undefined {
  let bases: string[];
  if (specifier.startsWith('.')) bases = [path.posix.join(path.posix.dirname(from), specifier)];
  else if (/^[@~]\//.test(specifier)) bases = [`src/${specifier.slice(2)}`, specifier.slice(2)];
  else return undefined;
  for (const base of bases) {
    const stem = base.replace(/\.[cm]?js$/, '');
    const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
    const found = candidates.find((candidate) => sources.has(candidate));
    if (found) return found;
  }
  return undefined;
}

/** How the module exports `name` (`default` for the default export). */
export function findExport(file: SourceFile, name: string, sources: SourceSet): JsExport | undefined {
  const code = file.code;
  const escaped = name.replace(/\$/g, '\\$');
  if (name === 'default') {
    const direct = /\bexport\s+default\s+|\bmodule\.exports\s*=\s*(?![\s{])/.exec(code);
    if (direct) return expressionExport(code, direct.index + direct[0].length);
  } else {
    const declared = new RegExp(`\\bexport\\s+(?:(?:const|let|var|class)\\s+|(?:async\\s+)?function\\s*\\*?\\s*)${escaped}\\b`).exec(code);
    if (declared) return { kind: 'local', name };
    const assigned = new RegExp(`\\b(?:module\\.)?exports\\.${escaped}\\s*=\\s*`).exec(code);
    if (assigned) return expressionExport(code, assigned.index + assigned[0].length);
    const object = /\bmodule\.exports\s*=\s*\{([^}]*)\}/.exec(code);
    const item = object && namedItems(object[1] as string, /\s*:\s*/).find(([key]) => key === name);
    if (item) return { kind: 'local', name: item[1] };
  }
  for (const match of code.matchAll(/\bexport\s*\{([^}]*)\}\s*(?:from\s*(['"])([^'"]+)\2)?/g)) {
    const item = namedItems(match[1] as string, /\s+as\s+/).find(([, exported]) => exported === name);
    if (!item) continue;
    if (!match[3]) return { kind: 'local', name: item[0] };
    return { kind: 'reexport', binding: { file: resolveJsModule(file.path, match[3], sources), specifier: match[3], name: item[0] } };
  }
  for (const match of code.matchAll(/\bexport\s*\*\s*from\s*(['"])([^'"]+)\1/g)) {
    const target = resolveJsModule(file.path, match[2] as string, sources);
    if (target) return { kind: 'reexport', binding: { file: target, specifier: match[2] as string, name } };
  }
  return undefined;
}

function expressionExport(code: string, offset: number): JsExport {
  const identifier = /^([\w$]+)\s*(?:;|\n|$)/.exec(code.slice(offset, offset + 200));
  return identifier && !/^(?:function|async|class|new)$/.test(identifier[1] as string)
    ? { kind: 'local', name: identifier[1] as string }
    : { kind: 'expression', offset };
}

/** `a, b as c` → [a, a], [b, c]; `type` modifiers dropped. */
function namedItems(list: string, separator: RegExp): Array<[string, string]> {
  return list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((item) => {
      const [name, local] = item.split(separator).map((part) => part.trim());
      return [name as string, local || (name as string)];
    });
}
