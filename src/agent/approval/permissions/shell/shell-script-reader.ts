import { decodeAnsiC } from './ansi-c-quoted.js';

/** One word of a command as bash reads it. */
export interface ShellWord {
  /** As written. */
  raw: string;
  /** Quotes removed and escapes decoded; undefined when part of it is known only when it runs (a variable, a substitution). */
  value: string | undefined;
  /** An unquoted glob or brace expansion: the files present, or the braces, decide what it becomes. */
  expands: boolean;
}

export interface Redirection {
  /** The descriptor redirected, as written (`2` in `2>&1`); empty for the operator's default. */
  fd: string;
  /** `>`, `2>&1`'s `>&`, `<<`, `<<<` … */
  op: string;
  /** The file, descriptor or here-document delimiter. */
  target: ShellWord;
  /** What a here-document or here-string gives the command to read; `text` undefined when it expands at run time. */
  input?: { text: string | undefined };
}

/** A command with its words, after assignments and redirections were taken out of them. */
export interface SimpleCommand {
  words: ShellWord[];
  redirections: Redirection[];
  /** Its standard input is what a command before it in a pipeline, or a here-document of its group, writes. */
  pipedInput: boolean;
}

export interface ShellScript {
  commands: SimpleCommand[];
  /** The scripts its substitutions run (`$(…)`, backquotes, `<(…)`, `>(…)`), to be read on their own. */
  substitutions: string[];
  /** Where each top-level statement starts: compared with bash's parser, so that a disagreement is seen. */
  statementStarts: number[];
}

/** Text this reader does not follow. Bash's own parser accepted it, so it is a gap of the reader: the caller treats the command as unknown. */
export class ShellReadError extends Error {
  override name = 'ShellReadError';
}

/**
 * Reads a bash script for what it runs: every simple command (in lists, pipelines, groups,
 * subshells, conditionals, loops, case items and function bodies), with its words decoded as bash
 * decodes them (quotes, `$'…'`, escapes, line continuations), its redirections and here-documents,
 * and the scripts of its substitutions. It only walks text that bash's parser
 * (`parseShellStatements`) accepted; it does not judge syntax.
 */
export function readShellScript(text: string): ShellScript {
  const reader = new ScriptReader(text, 0);
  reader.list(() => false, true);
  if (reader.pos < text.length) throw new ShellReadError(`unexpected ${JSON.stringify(text[reader.pos])} at ${reader.pos}`);
  return { commands: reader.commands, substitutions: reader.substitutions, statementStarts: reader.statementStarts };
}

const BREAKS = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
const EXTGLOB = new Set(['@', '!', '+', '*', '?']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
const SPECIAL_PARAMETERS = new Set(['@', '*', '#', '?', '-', '$', '!']);
const COMPOUND_STARTS = new Set(['{', '(', '((', 'if', 'while', 'until', 'for', 'select', 'case', '[[']);

interface HereDoc {
  delimiter: string;
  stripTabs: boolean;
  quoted: boolean;
  redirection: Redirection;
}

class ScriptReader {
  readonly commands: SimpleCommand[] = [];
  readonly substitutions: string[] = [];
  readonly statementStarts: number[] = [];
  private readonly hereDocs: HereDoc[] = [];

  constructor(
    private readonly text: string,
    public pos: number,
  ) {}

  /** Statements until `stop` (a closing keyword), a `)`, a case item's end, or the end of the text. */
  list(stop: () => boolean, topLevel = false): void {
    for (;;) {
      this.skipBlanks();
      if (this.newline()) continue;
      if (this.atEnd() || this.peek() === ')' || this.atCaseItemEnd() || stop()) return;
      if (topLevel) this.statementStarts.push(this.pos);
      this.andOr();
      this.skipBlanks();
      if (this.atCaseItemEnd()) return;
      if (this.peek() === ';' || (this.peek() === '&' && !this.at('&&') && !this.at('&>'))) this.pos++;
      else if (!this.atEnd() && this.peek() !== '\n' && this.peek() !== ')' && !stop()) throw this.unexpected();
    }
  }

  private andOr(): void {
    this.pipeline();
    for (;;) {
      this.skipBlanks();
      if (!this.at('&&') && !this.at('||')) return;
      this.pos += 2;
      this.skipLineBreaks();
      this.pipeline();
    }
  }

  private pipeline(): void {
    for (;;) {
      this.skipBlanks();
      const word = this.peekPlainWord();
      if (word === '!') this.pos++;
      else if (word === 'time') {
        this.pos += 4;
        this.skipBlanks();
        if (this.peekPlainWord() === '-p') this.pos += 2;
      } else break;
    }
    this.command(false);
    for (;;) {
      this.skipBlanks();
      if (this.at('||') || this.peek() !== '|') return;
      this.pos += this.at('|&') ? 2 : 1;
      this.skipLineBreaks();
      this.command(true);
    }
  }

  private command(piped: boolean): void {
    this.skipBlanks();
    const first = this.commands.length;
    const compound = this.compoundCommand(piped);
    if (compound) {
      const redirections = this.trailingRedirections();
      // What a group or subshell reads from a pipe or a here-document, its commands read.
      if (piped || redirections.some((redirection) => redirection.input)) {
        for (const command of this.commands.slice(first)) command.pipedInput = true;
      }
      return;
    }
    this.simpleCommand(piped);
  }

  /** Reads a compound command when one starts here; false when this is a simple command. */
  private compoundCommand(piped: boolean): boolean {
    if (this.at('((')) {
      this.pos += 2;
      this.arithmetic();
      return true;
    }
    if (this.peek() === '(') {
      this.pos++;
      this.list(() => false);
      this.expect(')');
      return true;
    }
    switch (this.peekPlainWord()) {
      case '{':
        this.keyword('{');
        this.list(() => this.atKeyword('}'));
        this.keyword('}');
        return true;
      case 'if':
        this.ifClause();
        return true;
      case 'while':
      case 'until':
        this.keyword(this.peekPlainWord()!);
        this.list(() => this.atKeyword('do'));
        this.doGroup();
        return true;
      case 'for':
      case 'select':
        this.forClause();
        return true;
      case 'case':
        this.caseClause();
        return true;
      case '[[':
        this.testClause();
        return true;
      case 'function':
        this.keyword('function');
        this.skipBlanks();
        this.word();
        this.skipBlanks();
        if (this.peek() === '(') this.emptyParentheses();
        this.skipLineBreaks();
        this.command(piped);
        return true;
      case 'coproc':
        this.coproc(piped);
        return true;
      default:
        return false;
    }
  }

  private ifClause(): void {
    this.keyword('if');
    this.list(() => this.atKeyword('then'));
    this.keyword('then');
    this.list(() => this.atKeyword('elif', 'else', 'fi'));
    for (;;) {
      const next = this.peekPlainWord();
      if (next === 'elif') {
        this.keyword('elif');
        this.list(() => this.atKeyword('then'));
        this.keyword('then');
        this.list(() => this.atKeyword('elif', 'else', 'fi'));
      } else if (next === 'else') {
        this.keyword('else');
        this.list(() => this.atKeyword('fi'));
      } else {
        this.keyword('fi');
        return;
      }
    }
  }

  private forClause(): void {
    this.keyword(this.peekPlainWord()!);
    this.skipBlanks();
    if (this.at('((')) {
      this.pos += 2;
      this.arithmetic();
    } else {
      this.word();
      this.skipLineBreaks();
      if (this.peekPlainWord() === 'in') {
        this.keyword('in');
        for (this.skipBlanks(); !this.atEnd() && this.peek() !== ';' && this.peek() !== '\n'; this.skipBlanks()) this.word();
      }
    }
    this.skipBlanks();
    if (this.peek() === ';') this.pos++;
    this.skipLineBreaks();
    if (this.peekPlainWord() === '{') {
      this.keyword('{');
      this.list(() => this.atKeyword('}'));
      this.keyword('}');
    } else {
      this.doGroup();
    }
  }

  private doGroup(): void {
    this.keyword('do');
    this.list(() => this.atKeyword('done'));
    this.keyword('done');
  }

  private caseClause(): void {
    this.keyword('case');
    this.skipBlanks();
    this.word();
    this.skipLineBreaks();
    this.keyword('in');
    for (;;) {
      this.skipLineBreaks();
      if (this.peekPlainWord() === 'esac') break;
      if (this.peek() === '(') this.pos++;
      for (;;) {
        this.skipBlanks();
        this.word();
        this.skipBlanks();
        if (this.peek() === '|') this.pos++;
        else break;
      }
      this.expect(')');
      this.list(() => this.atKeyword('esac'));
      if (this.at(';;&')) this.pos += 3;
      else if (this.at(';;') || this.at(';&')) this.pos += 2;
    }
    this.keyword('esac');
  }

  /** `[[ … ]]`: its operators are not the shell's, so it is read word by word to its end. */
  private testClause(): void {
    this.keyword('[[');
    for (;;) {
      this.skipBlanks();
      if (this.newline()) continue;
      if (this.peekPlainWord() === ']]') break;
      if (this.atEnd()) throw this.unexpected();
      if (BREAKS.has(this.peek()!)) this.pos++;
      else this.word();
    }
    this.keyword(']]');
  }

  /** `coproc NAME compound` names the coprocess; `coproc command …` runs the command. */
  private coproc(piped: boolean): void {
    this.keyword('coproc');
    this.skipBlanks();
    const name = this.peekPlainWord();
    if (name !== undefined && !COMPOUND_STARTS.has(name)) {
      const start = this.pos;
      this.pos += name.length;
      this.skipBlanks();
      const next = this.peekPlainWord();
      if (!(next !== undefined && COMPOUND_STARTS.has(next)) && this.peek() !== '(') this.pos = start;
    }
    this.command(piped);
  }

  private simpleCommand(piped: boolean): void {
    const words: ShellWord[] = [];
    const redirections: Redirection[] = [];
    for (;;) {
      this.skipBlanks();
      const char = this.peek();
      if (char === undefined || char === '\n' || char === ';' || char === ')' || char === '|' || (char === '&' && !this.at('&>'))) break;
      if ((char === '<' || char === '>') && this.text[this.pos + 1] === '(') {
        words.push(this.processSubstitution());
        continue;
      }
      const redirection = this.redirection();
      if (redirection) {
        redirections.push(redirection);
        continue;
      }
      if (char === '(') {
        // `name() compound`: a function definition; its body is read like any command.
        if (words.length !== 1) throw this.unexpected();
        this.emptyParentheses();
        this.skipLineBreaks();
        this.command(piped);
        return;
      }
      const word = this.word();
      if (word.raw.endsWith('=') && ASSIGNMENT.test(word.raw) && this.peek() === '(') {
        this.arrayValues();
        if (words.length > 0) words.push({ raw: `${word.raw}(…)`, value: undefined, expands: false });
        continue;
      }
      if (words.length === 0 && ASSIGNMENT.test(word.raw)) continue;
      words.push(word);
    }
    if (words.length > 0 || redirections.length > 0) this.commands.push({ words, redirections, pipedInput: piped });
  }

  private trailingRedirections(): Redirection[] {
    const found: Redirection[] = [];
    for (;;) {
      this.skipBlanks();
      const redirection = this.redirection();
      if (!redirection) return found;
      found.push(redirection);
    }
  }

  /** A redirection starting here (`2>&1`, `&>`, `<<EOF`, `{fd}>x` …), or undefined. */
  private redirection(): Redirection | undefined {
    const start = this.pos;
    const descriptor = /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})(?=[<>])/.exec(this.text.slice(this.pos, this.pos + 40))?.[0] ?? '';
    const op = ['&>>', '&>', '<<<', '<<-', '<<', '<>', '<&', '<', '>>', '>&', '>|', '>'].find((candidate) => this.at(candidate, descriptor.length));
    if (!op || ((op === '<' || op === '>') && this.text[this.pos + descriptor.length + 1] === '(')) {
      this.pos = start;
      return undefined;
    }
    this.pos += descriptor.length + op.length;
    this.skipBlanks();
    if (this.atEnd() || BREAKS.has(this.peek()!)) throw this.unexpected();
    const target = this.word();
    const redirection: Redirection = { fd: descriptor, op, target };
    if (op === '<<<') redirection.input = { text: target.value === undefined ? undefined : `${target.value}\n` };
    if (op === '<<' || op === '<<-') {
      redirection.input = { text: undefined };
      const quoted = /['"\\]/.test(target.raw);
      this.hereDocs.push({ delimiter: target.raw.replace(/['"\\]/g, ''), stripTabs: op === '<<-', quoted, redirection });
    }
    return redirection;
  }

  /** A word, up to the next blank or operator: quotes, escapes, expansions and substitutions inside it followed. */
  private word(): ShellWord {
    const start = this.pos;
    let value = '';
    let known = true;
    let expands = false;
    while (!this.atEnd()) {
      const char = this.peek()!;
      if (char === '(' && this.pos > start && EXTGLOB.has(this.text[this.pos - 1]!)) {
        this.balancedParentheses();
        expands = true;
        continue;
      }
      if (BREAKS.has(char)) break;
      if (char === '\\') {
        const next = this.text[this.pos + 1];
        this.pos += next === undefined ? 1 : 2;
        if (next !== '\n') value += next ?? '\\';
      } else if (char === "'") {
        const end = this.text.indexOf("'", this.pos + 1);
        if (end < 0) throw this.unexpected();
        value += this.text.slice(this.pos + 1, end);
        this.pos = end + 1;
      } else if (char === '"') {
        this.pos++;
        const quoted = this.quoted('"');
        if (quoted === undefined) known = false;
        else value += quoted;
      } else if (char === '`') {
        this.backquoted();
        known = false;
      } else if (char === '$') {
        const literal = this.dollar(false);
        if (literal === undefined) known = false;
        else value += literal;
      } else {
        if (char === '*' || char === '?' || char === '[' || (char === '{' && this.isBraceExpansion())) expands = true;
        value += char;
        this.pos++;
      }
    }
    if (this.pos === start) throw this.unexpected();
    return { raw: this.text.slice(start, this.pos), value: known ? value : undefined, expands };
  }

  /**
   * The inside of `"…"` (from after the opening quote, through the closing one), or of an unquoted
   * here-document (to the end of the text): its text, or undefined when something in it expands.
   */
  private quoted(closing: '"' | undefined): string | undefined {
    const escapable = closing === '"' ? '$`"\\\n' : '$`\\\n';
    let value = '';
    let known = true;
    for (;;) {
      const char = this.peek();
      if (char === undefined) {
        if (closing === undefined) return known ? value : undefined;
        throw this.unexpected();
      }
      if (char === closing) {
        this.pos++;
        return known ? value : undefined;
      }
      const next = this.text[this.pos + 1];
      if (char === '\\' && next !== undefined && escapable.includes(next)) {
        if (next !== '\n') value += next;
        this.pos += 2;
      } else if (char === '`') {
        this.backquoted();
        known = false;
      } else if (char === '$') {
        const literal = this.dollar(true);
        if (literal === undefined) known = false;
        else value += literal;
      } else {
        value += char;
        this.pos++;
      }
    }
  }

  /** What starts with `$`: a literal for `$'…'` and a lone `$`, undefined for what expands (its substitutions kept). */
  private dollar(inDoubleQuotes: boolean): string | undefined {
    const next = this.text[this.pos + 1];
    if (next === "'" && !inDoubleQuotes) {
      const end = this.ansiCEnd(this.pos + 2);
      const decoded = decodeAnsiC(this.text.slice(this.pos + 2, end));
      this.pos = end + 1;
      return decoded;
    }
    if (next === '"' && !inDoubleQuotes) {
      this.pos += 2;
      return this.quoted('"');
    }
    if (this.at('$((')) {
      this.pos += 3;
      this.arithmetic();
      return undefined;
    }
    if (next === '(') {
      this.pos += 2;
      this.nestedScript();
      return undefined;
    }
    if (next === '[') {
      this.pos += 2;
      this.skipBalanced('[', ']');
      return undefined;
    }
    if (next === '{') {
      this.pos += 2;
      this.braced();
      return undefined;
    }
    if (next !== undefined && /[A-Za-z_]/.test(next)) {
      this.pos += 1 + /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos + 1))![0].length;
      return undefined;
    }
    if (next !== undefined && (/\d/.test(next) || SPECIAL_PARAMETERS.has(next))) {
      this.pos += 2;
      return undefined;
    }
    this.pos++;
    return '$';
  }

  /** The closing quote of `$'…'`, whose backslashes escape a quote. */
  private ansiCEnd(from: number): number {
    for (let i = from; i < this.text.length; i++) {
      if (this.text[i] === '\\') i++;
      else if (this.text[i] === "'") return i;
    }
    throw this.unexpected();
  }

  /** After `$(`, `<(` or `>(`: the script up to its `)`, kept to be read on its own. */
  private nestedScript(): void {
    const inner = new ScriptReader(this.text, this.pos);
    inner.list(() => false);
    if (this.text[inner.pos] !== ')') throw this.unexpected();
    this.substitutions.push(this.text.slice(this.pos, inner.pos));
    this.pos = inner.pos + 1;
  }

  private processSubstitution(): ShellWord {
    const start = this.pos;
    this.pos += 2;
    this.nestedScript();
    return { raw: this.text.slice(start, this.pos), value: undefined, expands: false };
  }

  /** A backquoted substitution; its script is the text with bash's backslash escapes undone. */
  private backquoted(): void {
    let script = '';
    for (this.pos++; ; this.pos++) {
      const char = this.peek();
      if (char === undefined) throw this.unexpected();
      if (char === '`') break;
      const next = this.text[this.pos + 1];
      if (char === '\\' && next !== undefined && '`\\$'.includes(next)) {
        script += next;
        this.pos++;
      } else {
        script += char;
      }
    }
    this.pos++;
    this.substitutions.push(script);
  }

  /** After `((` or `$((`: up to the matching `))`, substitutions inside kept. */
  private arithmetic(): void {
    let depth = 0;
    for (;;) {
      const char = this.peek();
      if (char === undefined) throw this.unexpected();
      if (char === ')' && depth === 0) {
        if (this.text[this.pos + 1] !== ')') throw this.unexpected();
        this.pos += 2;
        return;
      }
      if (char === '(') depth++;
      if (char === ')') depth--;
      this.insideExpansion(char);
    }
  }

  /** After `${`: up to its `}`. */
  private braced(): void {
    for (;;) {
      const char = this.peek();
      if (char === undefined) throw this.unexpected();
      if (char === '}') {
        this.pos++;
        return;
      }
      if (char === "'") {
        const end = this.text.indexOf("'", this.pos + 1);
        if (end < 0) throw this.unexpected();
        this.pos = end + 1;
      } else {
        this.insideExpansion(char);
      }
    }
  }

  /** One step through the text of an expansion: quotes, nested expansions and substitutions followed. */
  private insideExpansion(char: string): void {
    if (char === '\\') this.pos += 2;
    else if (char === '"') {
      this.pos++;
      this.quoted('"');
    } else if (char === '`') this.backquoted();
    else if (char === '$') this.dollar(false);
    else this.pos++;
  }

  private skipBalanced(open: string, close: string): void {
    let depth = 0;
    for (;;) {
      const char = this.peek();
      if (char === undefined) throw this.unexpected();
      if (char === close && depth === 0) {
        this.pos++;
        return;
      }
      if (char === open) depth++;
      if (char === close) depth--;
      this.insideExpansion(char);
    }
  }

  /** An extended glob's `(…)` inside a word. */
  private balancedParentheses(): void {
    this.pos++;
    this.skipBalanced('(', ')');
  }

  /** `x=(a b c)`: the array's words, their substitutions kept. */
  private arrayValues(): void {
    this.pos++;
    for (;;) {
      this.skipBlanks();
      if (this.newline()) continue;
      if (this.peek() === ')') {
        this.pos++;
        return;
      }
      if (this.atEnd()) throw this.unexpected();
      this.word();
    }
  }

  /** Whether the unquoted `{` here opens a brace expansion (`{a,b}`, `{1..3}`), not a literal brace. */
  private isBraceExpansion(): boolean {
    const close = this.text.indexOf('}', this.pos);
    if (close < 0) return false;
    const inside = this.text.slice(this.pos + 1, close);
    return !/[\s;&|<>()]/.test(inside) && (inside.includes(',') || inside.includes('..'));
  }

  private emptyParentheses(): void {
    this.expect('(');
    this.skipBlanks();
    this.expect(')');
  }

  /** Blanks, line continuations and a comment up to the end of its line. */
  private skipBlanks(): void {
    for (;;) {
      const char = this.peek();
      if (char === ' ' || char === '\t') this.pos++;
      else if (char === '\\' && this.text[this.pos + 1] === '\n') this.pos += 2;
      else if (char === '#') {
        const end = this.text.indexOf('\n', this.pos);
        this.pos = end < 0 ? this.text.length : end;
      } else return;
    }
  }

  private skipLineBreaks(): void {
    for (this.skipBlanks(); this.newline(); this.skipBlanks());
  }

  /** A newline; the bodies of the here-documents its line opened follow it. */
  private newline(): boolean {
    if (this.peek() !== '\n') return false;
    this.pos++;
    for (const hereDoc of this.hereDocs.splice(0)) this.hereDocBody(hereDoc);
    return true;
  }

  private hereDocBody(hereDoc: HereDoc): void {
    let body = '';
    for (;;) {
      if (this.atEnd()) throw this.unexpected();
      const end = this.text.indexOf('\n', this.pos);
      const line = this.text.slice(this.pos, end < 0 ? this.text.length : end);
      this.pos = end < 0 ? this.text.length : end + 1;
      const content = hereDoc.stripTabs ? line.replace(/^\t+/, '') : line;
      if (content === hereDoc.delimiter) break;
      body += `${content}\n`;
    }
    hereDoc.redirection.input = { text: hereDoc.quoted ? body : this.expandedHereDoc(body) };
  }

  /** An unquoted here-document's text, when nothing in it expands; its substitutions are kept either way. */
  private expandedHereDoc(body: string): string | undefined {
    const inner = new ScriptReader(body, 0);
    const text = inner.quoted(undefined);
    this.substitutions.push(...inner.substitutions);
    return text;
  }

  private peekPlainWord(): string | undefined {
    const char = this.peek();
    if (char === undefined || BREAKS.has(char)) return undefined;
    const start = this.pos;
    const substitutions = this.substitutions.length;
    try {
      const word = this.word();
      return word.value === word.raw ? word.raw : undefined;
    } catch {
      return undefined;
    } finally {
      this.pos = start;
      this.substitutions.length = substitutions;
    }
  }

  private atKeyword(...keywords: string[]): boolean {
    const word = this.peekPlainWord();
    return word !== undefined && keywords.includes(word);
  }

  private keyword(expected: string): void {
    this.skipBlanks();
    if (this.peekPlainWord() !== expected) throw this.unexpected();
    this.pos += expected.length;
  }

  private expect(char: string): void {
    if (this.peek() !== char) throw this.unexpected();
    this.pos++;
  }

  private atCaseItemEnd(): boolean {
    return this.at(';;') || this.at(';&');
  }

  private at(text: string, offset = 0): boolean {
    return this.text.startsWith(text, this.pos + offset);
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private unexpected(): ShellReadError {
    return new ShellReadError(this.atEnd() ? 'unexpected end of the command' : `unexpected ${JSON.stringify(this.peek())} at ${this.pos}`);
  }
}
