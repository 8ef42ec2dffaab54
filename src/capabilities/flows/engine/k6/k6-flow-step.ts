import { durationMs } from '../flow-duration.js';
import {
  isWaitStep,
  isWebSocketStep,
  type FlowRequest,
  type FlowStep,
  type RequestStep,
  type StepCondition,
} from '../../../../engines/flow-files/flow-format.js';
import { stepLabel } from '../step-label.js';
import { JsCode, jsCommentText, jsSource, jsString } from '../../../../engines/perf/k6/js-source.js';
import type { DataRow } from '../../../../engines/testing/data-driven/read-data-rows.js';
import type { FlowTemplates } from './flow-templates.js';
import { k6Extraction } from './k6-extraction.js';
import { k6Condition, k6ResponseChecks } from './k6-response-checks.js';

/** What a step needs from outside the flow: its saved request's fields and the rows of its `foreach`. */
export interface StepSources {
  request: FlowRequest;
  savedAssertions: Record<string, unknown>;
  rows?: DataRow[];
}

/** One step as the statements of the default function, indented for it; what k6 cannot do is a comment. */
export function k6FlowStep(step: FlowStep, index: number, sources: StepSources | undefined, templates: FlowTemplates): string[] {
  const label = stepLabel(step);
  const head = [`// step ${index + 1}: ${jsCommentText(label)}`];
  if (isWebSocketStep(step)) return [...head, '// a WebSocket step: not exported (k6/ws is not written yet)'].map((line) => `  ${line}`);
  const body = isWaitStep(step) ? [`sleep(${durationMs(step.wait, 'wait') / 1000});`] : requestLines(step, label, sources!, templates);
  return [...head, ...conditional(step.if, body, templates)].map((line) => `  ${line}`);
}

function requestLines(step: RequestStep, label: string, sources: StepSources, templates: FlowTemplates): string[] {
  // The until assertions are checked too: still failing after the last try fails the step.
  const { checks, notes } = k6ResponseChecks(label, { ...sources.savedAssertions, ...step.assertions, ...step.until });
  const extraction = k6Extraction(step.extract ?? {});
  const lines = [
    ...[...notes, ...extraction.notes].map((note) => `// ${jsCommentText(note)}`),
    `const send = () => ${sendCall(sources.request, label, step.timeout, templates)};`,
  ];
  lines.push('let response = send();', ...untilLoop(step, label));
  lines.push(`const passed = check(response, ${jsSource(checks)});`, ...extraction.lines);
  if (!step.continue_on_failure) lines.push('if (!passed) return;');
  const block = ['{', ...lines.flatMap((line) => line.split('\n')).map((line) => `  ${line}`), '}'];
  if (step.foreach === undefined) return block;
  const rows = sources.rows ?? [];
  const from = typeof step.foreach === 'string' ? ` (the rows of ${jsCommentText(step.foreach)} as they were when exported)` : '';
  return [
    `// once per row${from}, its columns as variables`,
    `for (const row of ${jsSource(rows)}) {`,
    '  Object.assign(vars, row);',
    ...block.map((line) => `  ${line}`),
    '}',
  ];
}

function sendCall(request: FlowRequest, label: string, timeout: RequestStep['timeout'], templates: FlowTemplates): string {
  const query = Object.entries(request.query ?? {}).map(
    ([name, value], index) =>
      `${jsString(`${index === 0 ? '?' : '&'}${encodeURIComponent(name)}=`)} + encodeURIComponent(${templates.text(String(value)).code})`,
  );
  const url = [templates.text(request.url).code, ...query].join(' + ');
  const headers: Record<string, JsCode> = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name, templates.text(value)]));
  const jsonBody = request.body !== undefined && typeof request.body !== 'string';
  if (jsonBody && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['Content-Type'] = new JsCode(jsString('application/json'));
  const body =
    request.body === undefined ? 'null' : jsonBody ? `JSON.stringify(${jsSource(templates.value(request.body))})` : templates.text(request.body as string).code;
  const params = { headers, tags: { name: label }, ...(timeout !== undefined && { timeout: `${durationMs(timeout, 'timeout')}ms` }) };
  return `http.request(${jsString((request.method ?? 'GET').toUpperCase())}, ${url}, ${body}, ${jsSource(params)})`;
}

/** `until` with `retry` as a bounded loop: sent again, `every` apart, until the assertions hold or the tries run out. */
function untilLoop(step: RequestStep, label: string): string[] {
  if (step.until === undefined) return [];
  const condition = k6Condition(step.until);
  if (condition === undefined)
    return [`// not carried over: waiting until ${jsCommentText(JSON.stringify(step.until))} (${jsCommentText(label)} is sent once)`];
  const times = step.retry?.times ?? 1;
  const every = durationMs(step.retry?.every ?? 0, 'retry every') / 1000;
  return [`for (let tries = 1; tries <= ${times} && !(${condition}); tries += 1) {`, `  sleep(${every});`, '  response = send();', '}'];
}

function conditional(condition: StepCondition | undefined, body: string[], templates: FlowTemplates): string[] {
  if (condition === undefined) return body;
  const test =
    typeof condition === 'object'
      ? `String(${jsSource(templates.value(condition.equals[0]))}) === String(${jsSource(templates.value(condition.equals[1]))})`
      : `isSet(${typeof condition === 'string' ? templates.text(condition).code : jsString(String(condition))})`;
  return [`if (${test}) {`, ...body.map((line) => `  ${line}`), '}'];
}
