import { type Language, maskSource } from './mask-source.js';

/** A stretch of a file: offsets into its text, and that text (comments blanked, trimmed). */
export interface Span {
  start: number;
  end: number;
  text: string;
}

const OPENERS = '([{';
const CLOSERS = ')]}';

/** One source file, with comment-free views and the bracket arithmetic the route extractors share. */
export class SourceFile {
  readonly code: string;
  readonly skeleton: string;
  private readonly lineStarts: number[] = [0];

  constructor(
    /** Relative to the project root, with forward slashes. */
    readonly path: string,
    readonly text: string,
    readonly language: Language,
  ) {
    ({ code: this.code, skeleton: this.skeleton } = maskSource(text, language));
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  get lineCount(): number {
    return this.text.endsWith('\n') ? this.lineStarts.length - 1 : this.lineStarts.length;
  }

  /** 1-based line of an offset. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  offsetOfLine(line: number): number {
    return this.lineStarts[Math.min(Math.max(line, 1), this.lineStarts.length) - 1] as number;
  }

  lineText(line: number): string {
    const start = this.offsetOfLine(line);
    const end = this.text.indexOf('\n', start);
    return this.text.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
  }

  /** The bracket that closes the one at `open`, or undefined when it is not closed. */
  closing(open: number): number | undefined {
    let depth = 0;
    for (let i = open; i < this.skeleton.length; i++) {
      const c = this.skeleton[i] as string;
      if (OPENERS.includes(c)) depth++;
      else if (CLOSERS.includes(c) && --depth === 0) return i;
    }
    return undefined;
  }

  /** The bracket that opens the one closing at `close`. */
  opening(close: number): number | undefined {
    let depth = 0;
    for (let i = close; i >= 0; i--) {
      const c = this.skeleton[i] as string;
      if (CLOSERS.includes(c)) depth++;
      else if (OPENERS.includes(c) && --depth === 0) return i;
    }
    return undefined;
  }

  /** The comma-separated parts between the bracket at `open` and its match. */
  args(open: number): Span[] {
    const close = this.closing(open) ?? this.skeleton.length;
    const spans: Span[] = [];
    let depth = 0;
    let start = open + 1;
    for (let i = open + 1; i <= close; i++) {
      const c = this.skeleton[i] as string;
      if (OPENERS.includes(c)) depth++;
      else if (CLOSERS.includes(c) && i < close) depth--;
      else if ((c === ',' && depth === 0) || i === close) {
        const span = this.span(start, i);
        if (span.text) spans.push(span);
        start = i + 1;
      }
    }
    return spans;
  }

  /** The trimmed span between two offsets. */
  span(from: number, to: number): Span {
    let start = from;
    let end = to;
    while (start < end && /\s/.test(this.skeleton[start] as string)) start++;
    while (end > start && /\s/.test(this.skeleton[end - 1] as string)) end--;
    return { start, end, text: this.code.slice(start, end) };
  }

  /** Where the expression starting at `start` ends: at a `;`, or a `,` or bracket of an enclosing construct. */
  expressionEnd(start: number): number {
    let depth = 0;
    for (let i = start; i < this.skeleton.length; i++) {
      const c = this.skeleton[i] as string;
      if (OPENERS.includes(c)) depth++;
      else if (CLOSERS.includes(c) && --depth < 0) return i;
      else if ((c === ';' || c === ',') && depth === 0) return i;
    }
    return this.skeleton.length;
  }

  /** The first offset at or after `i` that is not blank in the skeleton. */
  skipSpace(i: number): number {
    while (i < this.skeleton.length && /\s/.test(this.skeleton[i] as string)) i++;
    return i;
  }

  /** The last offset at or before `i` that is not blank in the skeleton (-1 if none). */
  skipSpaceBack(i: number): number {
    while (i >= 0 && /\s/.test(this.skeleton[i] as string)) i--;
    return i;
  }
}

const STRING_LITERAL = /^(?:[rRbBuUfF]{1,2}|r#+)?(["'`])((?:\\.|(?!\1)[^\\])*)\1#*$/;
const STRING_LITERALS = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/** The content of a text that is exactly one string literal (`'/users'`, `"x"`, `r'^a$'`, `` `b` ``). */
export function stringLiteral(text: string): string | undefined {
  return STRING_LITERAL.exec(text.trim())?.[2];
}

/** The contents of every string literal in a text, in order (`['GET', "POST"]` → GET, POST). */
export function stringLiterals(text: string): string[] {
  return [...text.matchAll(STRING_LITERALS)].map((match) => match[2] as string);
}
