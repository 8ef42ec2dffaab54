import type { SourceFile } from './source-file.js';

/** A call in a method chain: `.route('/users')`, `->prefix('v1')`, `::new()`. */
export interface ChainLink {
  name: string;
  /** Offset of its opening parenthesis. */
  open: number;
}

export interface MemberChain {
  /** What the chain starts from: `app`, `this.router`, `Route`, `$router`, `new Hono`, a call `Router()`; '' when unknown. */
  root: string;
  rootStart: number;
  /** The calls between the root and the accessor, in the order they apply. */
  links: ChainLink[];
}

const WORD = /[\w$]/;

/**
 * Walks back from an accessor (the `.` of `.get(`, the `-` of `->get(`, the first `:` of `::get(`) over a
 * chain of calls to the expression it starts from.
 */
export function chainBefore(file: SourceFile, accessor: number): MemberChain {
  const sk = file.skeleton;
  const links: ChainLink[] = [];
  let i = file.skipSpaceBack(accessor - 1);
  while (i >= 0) {
    if (sk[i] === ')') {
      const open = file.opening(i);
      if (open === undefined) break;
      const nameEnd = skipTypeArguments(file, file.skipSpaceBack(open - 1));
      const nameStart = wordStart(sk, nameEnd);
      const name = sk.slice(nameStart, nameEnd + 1);
      if (!name) break;
      const before = accessorEnding(sk, file.skipSpaceBack(nameStart - 1));
      if (before === undefined) return { ...rootAt(file, nameStart, `${name}()`), links };
      links.unshift({ name, open });
      i = file.skipSpaceBack(before - 1);
      continue;
    }
    if (!WORD.test(sk[i] as string)) break;
    let start = wordStart(sk, i);
    // Take a plain member path as the root: `this.router`, `api.v1`.
    for (;;) {
      const before = accessorEnding(sk, file.skipSpaceBack(start - 1));
      if (before === undefined) break;
      const previous = file.skipSpaceBack(before - 1);
      if (!WORD.test(sk[previous] as string)) break;
      start = wordStart(sk, previous);
    }
    return { ...rootAt(file, start, file.code.slice(start, i + 1).replace(/\s+/g, '')), links };
  }
  return { root: '', rootStart: Math.max(i, 0), links };
}

/** The name a chain's value is assigned to: `const users = …`, `api := …`, `let mut app = …`, `$r = …`. */
export function assignedName(file: SourceFile, start: number): string | undefined {
  const before = file.code.slice(Math.max(0, start - 200), start);
  if (/\bexport\s+default\s*$/.test(before)) return 'default';
  return /([\w$]+)\s*(?::\s*[^=;:]+)?(?::=|(?<![=!<>:])=)\s*$/.exec(before)?.[1];
}

function rootAt(file: SourceFile, start: number, root: string): { root: string; rootStart: number } {
  const before = file.code.slice(Math.max(0, start - 8), start);
  const isNew = /\bnew\s+$/.exec(before);
  return isNew ? { root: `new ${root}`, rootStart: start - isNew[0].length } : { root, rootStart: start };
}

function wordStart(sk: string, end: number): number {
  let start = end;
  while (start > 0 && WORD.test(sk[start - 1] as string)) start--;
  return WORD.test(sk[end] as string) ? start : end + 1;
}

/** When `end` is the last character of `.`, `->` or `::`, the offset where that accessor starts. */
function accessorEnding(sk: string, end: number): number | undefined {
  if (sk[end] === '.' && sk[end - 1] !== '.') return end;
  if ((sk[end] === '>' && sk[end - 1] === '-') || (sk[end] === ':' && sk[end - 1] === ':')) return end - 1;
  return undefined;
}

/** `Hono<Env>(` and `::<T>(`: steps back over the type arguments before a call's parenthesis. */
function skipTypeArguments(file: SourceFile, end: number): number {
  if (file.skeleton[end] !== '>') return end;
  let depth = 0;
  for (let i = end; i >= 0; i--) {
    const c = file.skeleton[i];
    if (c === '>') depth++;
    else if (c === '<' && --depth === 0) return file.skipSpaceBack(i - 1);
  }
  return end;
}
