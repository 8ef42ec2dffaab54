import type { CaseResult, TestRun } from '../test-run.js';
import { replaySteps, reproductionLines } from './chain-reproduction.js';
import { curlLines } from './curl-command.js';
import { junitWarningsSuite } from './junit-warnings.js';
import { escapeMarkupAttribute as attr, escapeMarkupText as text } from './markup-escape.js';
import { JUNIT_BODY_CHARS, junitHostname, junitSeconds, junitTimestamp } from './junit-parts.js';
import { bodyLines, headerLines, isRequestErrorOnly, responseSummary } from './report-text.js';

const NO_OPERATION = 'other';
/** The bodies of the requests a case sent after its own (a walk's pages) are cut shorter than its own. */
const JUNIT_FOLLOW_UP_BODY_CHARS = 500;

/**
 * JUnit XML that both the Jenkins (xunit) schema and the Ant schema accept: one testsuite per
 * operation, one testcase per case. Where they disagree, Jenkins wins: a skipped case is
 * `<skipped>reason</skipped>` (Ant has no skipped cases), and `skipped="n"` is set on suites that
 * have some. `<testsuites>` carries no attributes, because the Ant schema allows none there; each
 * suite carries its own counts, time and timestamp, which is what CI systems add up.
 */
export function junitReport(run: TestRun): string {
  const suites = [...groupByOperation(run.results)].map(([name, results], index) => testsuite(run, name, results, index));
  suites.push(...junitWarningsSuite(run, suites.length, { timestamp: junitTimestamp(run.startedAt), hostname: junitHostname() }));
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suites, '</testsuites>', ''].join('\n');
}

function groupByOperation(results: CaseResult[]): Map<string, CaseResult[]> {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const name = result.case.operationId?.trim() || NO_OPERATION;
    const group = groups.get(name);
    if (group) group.push(result);
    else groups.set(name, [result]);
  }
  return groups;
}

function testsuite(run: TestRun, name: string, results: CaseResult[], index: number): string {
  const errors = results.filter((result) => result.outcome === 'failed' && isRequestErrorOnly(result)).length;
  const failures = results.filter((result) => result.outcome === 'failed').length - errors;
  const skipped = results.filter((result) => result.outcome === 'skipped').length;
  const time = junitSeconds(results.reduce((sum, result) => sum + result.durationMs, 0));
  const counts = `tests="${results.length}" failures="${failures}" errors="${errors}"${skipped > 0 ? ` skipped="${skipped}"` : ''}`;
  return [
    `  <testsuite name="${attr(name)}" package="${attr(run.title)}" id="${index}" ${counts} time="${time}" timestamp="${junitTimestamp(run.startedAt)}" hostname="${attr(junitHostname())}">`,
    '    <properties>',
    `      <property name="title" value="${attr(run.title)}"/>`,
    `      <property name="baseUrl" value="${attr(run.baseUrl)}"/>`,
    `      <property name="checks" value="${attr(run.checks.join(','))}"/>`,
    '    </properties>',
    ...results.map((result) => testcase(name, result, run)),
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
  ].join('\n');
}

function testcase(classname: string, result: CaseResult, run: TestRun): string {
  const open = `    <testcase name="${attr(`${result.case.name} [${result.case.id}]`)}" classname="${attr(classname)}" time="${junitSeconds(result.durationMs)}"`;
  if (result.outcome === 'passed') return `${open}/>`;
  if (result.outcome === 'skipped') return `${open}>\n      <skipped>${text(result.skipReason ?? 'not sent')}</skipped>\n    </testcase>`;
  const element = isRequestErrorOnly(result) ? 'error' : 'failure';
  const message = result.findings.map((finding) => finding.message).join('; ');
  const type = result.findings[0]?.kind ?? 'failure';
  return `${open}>\n      <${element} message="${attr(message)}" type="${attr(type)}">${text(failureDetails(result, run))}</${element}>\n    </testcase>`;
}

/** Findings, then what was sent and received, then the line that sends it again. */
function failureDetails(result: CaseResult, run: TestRun): string {
  const testCase = result.case;
  const lines = [...result.findings.map((finding) => `${finding.kind}: ${finding.message}`), '', `Case: ${testCase.id} (${testCase.kind})`];
  if (testCase.mutation) lines.push(`Mutation: ${testCase.mutation}`);
  if (result.request)
    lines.push(
      '',
      `Request: ${result.request.method} ${result.request.url}`,
      ...headerLines(result.request.headers),
      ...bodyLines(result.request.body, JUNIT_BODY_CHARS),
    );
  if (result.response)
    lines.push(
      '',
      `Response: ${responseSummary(result.response)}`,
      ...headerLines(result.response.headers),
      ...bodyLines(result.response.body, JUNIT_BODY_CHARS),
    );
  if (result.response?.serverLog) lines.push('', ...result.response.serverLog);
  for (const { label, request, response } of result.followUps ?? []) {
    lines.push('', `Then, ${label}: ${request.method} ${request.url} → ${response ? responseSummary(response) : 'no answer'}`);
    if (response) lines.push(...bodyLines(response.body, JUNIT_FOLLOW_UP_BODY_CHARS));
  }
  const steps = result.request ? replaySteps(run, result) : [];
  if (steps.length > 1) {
    const what = steps.every((step) => step.case.chain && step.case.chain.id === result.case.chain?.id)
      ? 'the chain up to this step'
      : 'the requests it depends on, then it';
    lines.push('', `Reproduce (${what}):`, ...reproductionLines(run, result));
  } else if (result.request && result.followUps?.length) lines.push('', 'Reproduce (each request in order):', ...reproductionLines(run, result));
  else if (result.request) {
    const { command, note } = curlLines(result.request);
    lines.push('', `Reproduce: ${command}`, ...(note ? [note] : []));
  }
  return `\n${lines.join('\n')}\n      `;
}
