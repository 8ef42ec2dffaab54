import { maskedMarker } from './masked-marker.js';

/** One form a registered secret may take in text, and the label its mask carries. */
export interface SecretForm {
  text: string;
  label?: string;
}

/**
 * Masks every registered form in a text with one precompiled regular expression. The alternation
 * (longest form first) sits in a lookahead, so the scan reports each position where a form starts,
 * also inside another match: secrets that overlap are masked as one span, and no part of either shows.
 */
export class ValueMatcher {
  private readonly pattern: RegExp;
  private readonly labels: Array<string | undefined>;

  constructor(forms: readonly SecretForm[]) {
    const longestFirst = [...forms].sort((a, b) => b.text.length - a.text.length);
    this.labels = longestFirst.map((form) => form.label);
    this.pattern = new RegExp(`(?=${longestFirst.map((form) => `(${patternOf(form.text)})`).join('|')})`, 'g');
  }

  mask(text: string): string {
    let masked = '';
    let copied = 0;
    let span: { start: number; end: number; label: string | undefined } | undefined;
    const close = () => {
      if (!span) return;
      masked += text.slice(copied, span.start) + maskedMarker(span.label);
      copied = span.end;
    };
    for (const match of text.matchAll(this.pattern)) {
      const group = match.findIndex((found, index) => index > 0 && found !== undefined);
      const start = match.index;
      const end = start + match[group]!.length;
      if (span && start < span.end) {
        span.end = Math.max(span.end, end);
        continue;
      }
      close();
      span = { start, end, label: this.labels[group - 1] };
    }
    if (!span) return text;
    close();
    return masked + text.slice(copied);
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
