import path from 'node:path';
import type { HandlerRef } from '../../route.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { type GoFunction, functionKey, goFunctions } from './go-functions.js';

/** The Go files of a project, their functions, and which router a name stands for where. */
export class GoProject {
  /** Named functions and methods by name. */
  readonly byName = new Map<string, GoFunction[]>();
  private readonly byFile = new Map<string, GoFunction[]>();

  constructor(readonly files: SourceFile[]) {
    for (const file of files) {
      const functions = goFunctions(file);
      this.byFile.set(file.path, functions);
      for (const fn of functions) {
        if (fn.name) this.byName.set(fn.name, [...(this.byName.get(fn.name) ?? []), fn]);
      }
    }
  }

  /**
   * The router a variable stands for at an offset: a parameter of an enclosing function literal
   * (chi's `r.Route("/x", func(r chi.Router) {…})`), else a variable of the enclosing named function,
   * else a package-level variable.
   */
  nodeOf(file: SourceFile, name: string, offset: number): string {
    const around = (this.byFile.get(file.path) ?? []).filter((fn) => fn.bodyStart <= offset && offset < fn.bodyEnd);
    const literal = around.filter((fn) => !fn.name && fn.params.some((param) => param.name === name)).sort((a, b) => b.bodyStart - a.bodyStart)[0];
    if (literal) return `${functionKey(literal)}#${name}`;
    const named = around.find((fn) => fn.name);
    return named ? `${functionKey(named)}#${name}` : `pkg:${path.posix.dirname(file.path)}#${name}`;
  }

  /** The function literal that starts at an argument. */
  literalAt(file: SourceFile, offset: number): GoFunction | undefined {
    return (this.byFile.get(file.path) ?? []).find((fn) => !fn.name && fn.start === offset);
  }

  /** `handlers.GetUser`, `h.GetUser`, `GetUser(db)`, `http.HandlerFunc(getUser)` or an inline `func(c *gin.Context) {…}`. */
  handlerRef(file: SourceFile, span: Span): HandlerRef {
    const literal = this.literalAt(file, span.start);
    if (literal) return { label: 'inline function', at: { file: file.path, offset: literal.start } };
    const wrapped = /^http\.HandlerFunc\(\s*([\s\S]+)\)$/.exec(span.text);
    const text = (wrapped?.[1] ?? span.text).trim();
    const reference = /^(?:&?(\w+)\.)?(\w+)\s*(?:\(|$)/.exec(text);
    if (!reference) return { label: text };
    const qualifier = reference[1];
    const hints = qualifier ? this.files.filter((candidate) => path.posix.basename(path.posix.dirname(candidate.path)) === qualifier) : [];
    return { label: text.replace(/\s+/g, ' '), name: reference[2], hints: hints.map((hint) => hint.path) };
  }
}
