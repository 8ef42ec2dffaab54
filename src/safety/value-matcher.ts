import { maskedMarker } from './masked-marker.js';

/** One form a registered secret may take in text, and the label its mask carries. */
export interface SecretForm {
  text: string;
  label?: string;
  /** Base64: the mask takes in the whole run of base64 characters around it. */
  base64?: boolean;
}

/** Where a text holds a secret, in whole: `[start, end)`. */
export interface SecretSpan {
  start: number;
  end: number;
  label: string | undefined;
}

const BASE64_CHARACTER = /[A-Za-z0-9+/_-]/;

/**
 * Masks every registered form in a text with one precompiled regular expression. The alternation
 * (longest form first) sits in a lookahead, so the scan reports each position where a form starts,
 * also inside another match: secrets that overlap are masked as one span, and no part of either shows.
 */
export class ValueMatcher {
  private readonly pattern: RegExp;
  private readonly forms: SecretForm[];

  constructor(forms: readonly SecretForm[]) {
    this.forms = [...forms].sort((a, b) => b.text.length - a.text.length);
    this.pattern = new RegExp(`(?=${this.forms.map((form) => `(${patternOf(form.text)})`).join('|')})`, 'g');
  }

  mask(text: string): string {
    const spans = this.spans(text);
    if (spans.length === 0) return text;
    let masked = '';
    let copied = 0;
    for (const span of spans) {
      masked += text.slice(copied, span.start) + maskedMarker(span.label);
      copied = span.end;
    }
    return masked + text.slice(copied);
  }

  /** The spans `mask` replaces, in order, none overlapping. */
  spans(text: string): SecretSpan[] {
    const spans: SecretSpan[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const group = match.findIndex((found, index) => index > 0 && found !== undefined);
      const form = this.forms[group - 1]!;
      let start = match.index;
      let end = start + match[group]!.length;
      if (form.base64) {
        while (start > 0 && BASE64_CHARACTER.test(text[start - 1]!)) start--;
        while (end < text.length && BASE64_CHARACTER.test(text[end]!)) end++;
        while (text[end] === '=') end++;
      }
      const last = spans.at(-1);
      if (last && start < last.end) {
        last.end = Math.max(last.end, end);
        continue;
      }
      spans.push({ start, end, label: form.label });
    }
    return spans;
  }
}

/** The form as a pattern; `%2f` matches `%2F` too, as servers differ in the case they encode with. */
function patternOf(form: string): string {
  return form
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace(/%([0-9A-F])([0-9A-F])/g, (_match, high: string, low: string) => `%${caseless(high)}${caseless(low)}`);
}

function caseless(hexDigit: string): string {
  return /\d/.test(hexDigit) ? hexDigit : `[${hexDigit}${hexDigit.toLowerCase()}]`;
}
