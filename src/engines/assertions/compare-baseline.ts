import type { Baseline } from './baseline-store.js';
import { type JsonDiffOptions, describeDifference, diffJson } from './json-diff.js';
import { checkIgnoredFields, withoutIgnoredFields } from './ignore-fields.js';
import { formatJsonValue } from './json-value.js';

export interface BaselineComparisonOptions extends JsonDiffOptions {
  /** JSONPaths (`$..id`) or dotted names (`updatedAt`) left out of the body comparison. */
  ignoreFields?: string[];
}

/**
 * Every difference of `current` from `baseline`, one line each: the status, the content-type, then
 * the body by path (`$.user.name: "Ada" → "Grace"`), or the first differing line of a text body.
 */
export function compareWithBaseline(baseline: Baseline, current: Baseline, options: BaselineComparisonOptions = {}): string[] {
  const ignored = options.ignoreFields ?? [];
  checkIgnoredFields(ignored);
  const differences: string[] = [];
  if (baseline.status !== current.status) differences.push(`status: ${baseline.status} → ${current.status}`);
  const [before, after] = [baseline.headers['content-type'], current.headers['content-type']];
  if (normalizeMediaType(before) !== normalizeMediaType(after)) differences.push(`content-type: ${quote(before)} → ${quote(after)}`);
  const [beforeText, afterText] = [typeof baseline.body === 'string', typeof current.body === 'string'];
  if (beforeText && afterText) {
    if (baseline.body !== current.body) differences.push(describeTextDifference(baseline.body as string, current.body as string));
    return differences;
  }
  if (beforeText !== afterText) {
    return [...differences, `body: ${beforeText ? 'text' : 'JSON'} → ${afterText ? 'text' : 'JSON'} ${formatJsonValue(current.body, 80)}`];
  }
  const diff = diffJson(withoutIgnoredFields(baseline.body, ignored), withoutIgnoredFields(current.body, ignored), options);
  return [...differences, ...diff.map(describeDifference)];
}

function normalizeMediaType(value: string | undefined): string | undefined {
  return value?.toLowerCase().replace(/\s+/g, '');
}

function quote(value: string | undefined): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

function describeTextDifference(before: string, after: string): string {
  const [beforeLines, afterLines] = [before.split('\n'), after.split('\n')];
  const index = beforeLines.findIndex((line, at) => line !== afterLines[at]);
  const line = index === -1 ? beforeLines.length : index;
  const cut = (text: string | undefined) => (text === undefined ? '(end of text)' : JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text));
  return `body line ${line + 1}: ${cut(beforeLines[line])} → ${cut(afterLines[line])}`;
}
