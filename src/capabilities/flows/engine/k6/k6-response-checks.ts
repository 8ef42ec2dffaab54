import { JsCode, jsSource, jsString, type JsValue } from '../../../../engines/perf/k6/js-source.js';
import type { FlowAssertions } from '../../../../engines/flow-files/flow-format.js';
import { k6JsonPath } from './k6-json-path.js';

/** A step's assertions as k6 checks on `r` (name → expression), and those the script cannot check. */
export function k6ResponseChecks(label: string, assertions: FlowAssertions): { checks: Record<string, JsCode>; notes: string[] } {
  const checks: Record<string, JsCode> = {};
  const notes: string[] = [];
  for (const [field, expected] of Object.entries(assertions)) {
    const check = checkOf(field, expected);
    if (check) checks[`${label}: ${check.name}`] = new JsCode(`(r) => ${check.code}`);
    else notes.push(`not carried over: the assertion ${field}: ${JSON.stringify(expected)}`);
  }
  return { checks, notes };
}

/** The assertions as one condition on `response` (for `until`), or undefined when one of them cannot be written. */
export function k6Condition(assertions: FlowAssertions): string | undefined {
  const parts = Object.entries(assertions).map(([field, expected]) => checkOf(field, expected)?.code.replace(/\br\./g, 'response.'));
  return parts.every((part): part is string => part !== undefined) ? parts.map((part) => `(${part})`).join(' && ') : undefined;
}

function checkOf(field: string, expected: unknown): { name: string; code: string } | undefined {
  if (field === 'status_code') return statusCheck(expected);
  if (field === 'status_in' && Array.isArray(expected) && expected.every((status) => typeof status === 'number' || /^\d+$/.test(String(status)))) {
    return { name: `status in ${expected.join(', ')}`, code: `${jsSource(expected.map(Number))}.includes(r.status)` };
  }
  if (field === 'body_contains') {
    const texts = ([] as unknown[]).concat(expected).map(String);
    return { name: `body contains ${texts.join(', ')}`, code: texts.map((text) => `r.body.includes(${jsString(text)})`).join(' && ') };
  }
  if (field === 'json_path' && expected && typeof expected === 'object' && !Array.isArray(expected)) {
    const entries = Object.entries(expected).map(([jsonPath, value]) => ({ path: k6JsonPath(jsonPath), jsonPath, value }));
    if (entries.some((entry) => entry.path === undefined || (entry.value !== null && typeof entry.value === 'object'))) return undefined;
    return {
      name: entries.map((entry) => `${entry.jsonPath} is ${JSON.stringify(entry.value)}`).join(', '),
      code: entries.map((entry) => `String(r.json(${jsString(entry.path!)})) === String(${jsSource(entry.value as JsValue)})`).join(' && '),
    };
  }
  return undefined;
}

function statusCheck(expected: unknown): { name: string; code: string } | undefined {
  const text = String(expected);
  if (/^\d{3}$/.test(text)) return { name: `status ${text}`, code: `r.status === ${text}` };
  if (/^\dxx$/i.test(text)) return { name: `status ${text}`, code: `Math.floor(r.status / 100) === ${text[0]}` };
  return undefined;
}
