import { blockEnd } from '../../code/block-end.js';
import type { SourceFile, Span } from '../../source/source-file.js';

/** A decorator call `@receiver.verb(args)` above a function. */
export interface Decorator {
  receiver: string;
  verb: string;
  args: Span[];
  /** Offset of the `@`. */
  start: number;
  /** The decorated function's name. */
  functionName?: string;
}

export const VIEW_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Every `@receiver.verb(…)` decorator whose verb matches (`get|post|route`). */
export function decorators(file: SourceFile, verbs: string): Decorator[] {
  const pattern = new RegExp(`^[ \\t]*@([\\w.]+)\\.(${verbs})\\s*\\(`, 'gm');
  return [...file.skeleton.matchAll(pattern)].map((match) => {
    const open = match.index + match[0].length - 1;
    const start = match.index + match[0].indexOf('@');
    return {
      receiver: match[1] as string,
      verb: match[2] as string,
      args: file.args(open),
      start,
      functionName: functionAfter(file, (file.closing(open) ?? open) + 1),
    };
  });
}

/** The name of the function defined after further decorators (which may span lines), from an offset. */
function functionAfter(file: SourceFile, from: number): string | undefined {
  let i = file.skipSpace(from);
  while (file.skeleton[i] === '@') {
    while (i < file.skeleton.length && file.skeleton[i] !== '\n') {
      i = '([{'.includes(file.skeleton[i] as string) ? (file.closing(i) ?? i) + 1 : i + 1;
    }
    i = file.skipSpace(i);
  }
  return /^(?:async\s+)?def\s+(\w+)/.exec(file.code.slice(i, i + 200))?.[1];
}

/** The value of `name=…` among a call's arguments. */
export function keywordArg(args: Span[], name: string): Span | undefined {
  for (const arg of args) {
    const keyword = new RegExp(`^${name}\\s*=\\s*`).exec(arg.text);
    if (keyword) return { start: arg.start + keyword[0].length, end: arg.end, text: arg.text.slice(keyword[0].length) };
  }
  return undefined;
}

/** The arguments given by position. */
export function positionalArgs(args: Span[]): Span[] {
  return args.filter((arg) => !/^\w+\s*=(?!=)/.test(arg.text) && !arg.text.startsWith('*'));
}

export interface PyClass {
  start: number;
  /** The text between the parentheses after the name: `generics.ListAPIView`, `viewsets.ModelViewSet`. */
  bases: string;
  /** Methods defined directly in the class body, with the offsets of their definitions. */
  methods: Map<string, number>;
}

/** A class defined in the file, with its bases and methods. */
export function pythonClass(file: SourceFile, name: string): PyClass | undefined {
  const found = new RegExp(`^([ \\t]*)class\\s+${name}\\b\\s*(?:\\(([^)]*)\\))?`, 'm').exec(file.code);
  if (!found) return undefined;
  const bodyStart = found.index + found[0].length;
  const body = file.code.slice(bodyStart, blockEnd(file, found.index));
  const methodIndent = /\n([ \t]+)\S/.exec(body)?.[1] ?? '    ';
  const methods = new Map<string, number>();
  for (const method of body.matchAll(new RegExp(`^${methodIndent}(?:async\\s+)?def\\s+(\\w+)`, 'gm'))) {
    methods.set(method[1] as string, bodyStart + method.index);
  }
  return { start: found.index, bases: found[2] ?? '', methods };
}
