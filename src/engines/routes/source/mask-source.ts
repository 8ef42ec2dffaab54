export type Language = 'js' | 'go' | 'python' | 'ruby' | 'php' | 'java' | 'rust';

export interface MaskedSource {
  /** The text with comments blanked (newlines kept), so offsets and lines stay those of the text. */
  code: string;
  /** Also with the insides of string literals blanked: brackets in it are the program's own. */
  skeleton: string;
}

const C_STYLE: ReadonlySet<Language> = new Set(['js', 'go', 'php', 'java', 'rust']);
const HASH_COMMENTS: ReadonlySet<Language> = new Set(['python', 'ruby', 'php']);
/** Languages whose ordinary quoted strings may run over several lines. */
const MULTILINE_STRINGS: ReadonlySet<Language> = new Set(['php', 'ruby', 'rust']);
const REGEX_MAY_FOLLOW = /[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|in|of|void|yield|await)$/;

/** Blanks comments, and in the skeleton string contents, with a small per-language scanner. */
export function maskSource(text: string, language: Language): MaskedSource {
  const code = text.split('');
  const skeleton = text.split('');
  const blank = (target: string[], from: number, to: number) => {
    for (let k = from; k < to; k++) if (target[k] !== '\n') target[k] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const end = commentEnd(text, i, language);
    if (end !== undefined) {
      blank(code, i, end);
      blank(skeleton, i, end);
      i = end;
      continue;
    }
    const literal = literalAt(text, i, language);
    if (literal) {
      blank(skeleton, literal.contentStart, literal.contentEnd);
      i = literal.end;
      continue;
    }
    i++;
  }
  return { code: code.join(''), skeleton: skeleton.join('') };
}

function commentEnd(text: string, i: number, language: Language): number | undefined {
  const c = text[i];
  const next = text[i + 1];
  if (C_STYLE.has(language) && c === '/' && next === '/') return lineEnd(text, i);
  if (C_STYLE.has(language) && c === '/' && next === '*') {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? text.length : close + 2;
  }
  // PHP 8 attributes start with `#[`.
  if (HASH_COMMENTS.has(language) && c === '#' && !(language === 'php' && next === '[')) return lineEnd(text, i);
  return undefined;
}

function lineEnd(text: string, i: number): number {
  const newline = text.indexOf('\n', i);
  return newline < 0 ? text.length : newline;
}

interface Literal {
  contentStart: number;
  contentEnd: number;
  end: number;
}

function literalAt(text: string, i: number, language: Language): Literal | undefined {
  const c = text[i] as string;
  if (language === 'python' && (c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
    return delimited(text, i, c.repeat(3), true, true);
  }
  if (language === 'java' && text.startsWith('"""', i)) return delimited(text, i, '"""', true, true);
  if (language === 'rust') return rustLiteral(text, i);
  if (c === '"' || c === "'") {
    return delimited(text, i, c, true, MULTILINE_STRINGS.has(language));
  }
  if (c === '`' && (language === 'js' || language === 'go')) return delimited(text, i, '`', language === 'js', true);
  if (c === '/' && language === 'js' && REGEX_MAY_FOLLOW.test(text.slice(Math.max(0, i - 8), i).trimEnd() || '(')) {
    return regexLiteral(text, i);
  }
  return undefined;
}

function delimited(text: string, start: number, quote: string, escapes: boolean, multiline: boolean): Literal {
  let k = start + quote.length;
  while (k < text.length) {
    const ch = text[k];
    if (escapes && ch === '\\') {
      k += 2;
      continue;
    }
    if (text.startsWith(quote, k)) return { contentStart: start + quote.length, contentEnd: k, end: k + quote.length };
    if (ch === '\n' && !multiline) break;
    k++;
  }
  return { contentStart: start + quote.length, contentEnd: k, end: k };
}

function regexLiteral(text: string, start: number): Literal | undefined {
  let inClass = false;
  for (let k = start + 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\n') return undefined;
    if (ch === '\\') k++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) return { contentStart: start + 1, contentEnd: k, end: k + 1 };
  }
  return undefined;
}

/** Rust: raw strings `r#"…"#`, byte strings, and `'x'` chars told apart from lifetimes `'a`. */
function rustLiteral(text: string, i: number): Literal | undefined {
  const raw = /^b?r(#*)"/.exec(text.slice(i, i + 12));
  if (raw && !/\w/.test(text[i - 1] ?? '')) {
    const quote = `"${raw[1]}`;
    const close = text.indexOf(quote, i + raw[0].length);
    const end = close < 0 ? text.length : close + quote.length;
    return { contentStart: i + raw[0].length, contentEnd: close < 0 ? end : close, end };
  }
  const c = text[i];
  if (c === '"') return delimited(text, i, '"', true, true);
  if (c === "'" && /^'(?:\\.[^']{0,8}|[^\\'])'/.test(text.slice(i, i + 12))) return delimited(text, i, "'", true, false);
  return undefined;
}
