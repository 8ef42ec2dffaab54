import type { CaseResult, RecordedResponse } from '../test-run.js';

/** `850 ms`, `2.5 s`, `3 min 20 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  return seconds % 60 > 0 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds / 60} min`;
}

/** `content-type: application/json`, one line per value of a repeated header. */
export function headerLines(headers: Record<string, string | string[]>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`));
}

/** `201 Created in 12 ms`. */
export function responseSummary(response: RecordedResponse): string {
  return `${response.status}${response.statusText ? ` ${response.statusText}` : ''} in ${formatDuration(response.durationMs)}`;
}

/**
 * A body as a person reads it: compact JSON indented. Only JSON that is exactly what
 * JSON.stringify writes is re-indented, so no number or escape can change on the way.
 */
export function readableBody(body: string): string {
  const first = body.trimStart()[0];
  if (first !== '{' && first !== '[') return body;
  try {
    const value: unknown = JSON.parse(body);
    return JSON.stringify(value) === body ? JSON.stringify(value, null, 2) : body;
  } catch {
    return body;
  }
}

/** The head of a long text, ending at a line break when one is near, and a note of what was left out. */
export function headOfText(text: string, maxChars: number): { text: string; note?: string } {
  if (text.length <= maxChars) return { text };
  const lineEnd = text.lastIndexOf('\n', maxChars);
  let end = lineEnd > maxChars * 0.8 ? lineEnd : maxChars;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return {
    text: text.slice(0, end),
    note: `… cut: ${(text.length - end).toLocaleString('en-US')} more of ${text.length.toLocaleString('en-US')} characters not shown`,
  };
}

/** A body under a request or response: a blank line, its head, and what was cut. None when empty. */
export function bodyLines(body: string | undefined, maxChars: number): string[] {
  if (body === undefined || body === '') return [];
  const shown = headOfText(body, maxChars);
  return ['', shown.text, ...(shown.note ? [shown.note] : [])];
}

export interface ResultsByOutcome {
  failed: CaseResult[];
  skipped: CaseResult[];
  passed: CaseResult[];
}

export function resultsByOutcome(results: CaseResult[]): ResultsByOutcome {
  return {
    failed: results.filter((result) => result.outcome === 'failed'),
    skipped: results.filter((result) => result.outcome === 'skipped'),
    passed: results.filter((result) => result.outcome === 'passed'),
  };
}

/** A failure whose only findings are that no response came: an error in JUnit terms, not a failed check. */
export function isRequestErrorOnly(result: CaseResult): boolean {
  return result.findings.length > 0 && result.findings.every((finding) => finding.kind === 'request_error');
}
