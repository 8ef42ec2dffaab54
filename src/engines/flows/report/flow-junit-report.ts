import os from 'node:os';
import { escapeMarkupAttribute as attr, escapeMarkupText as text } from '../../testing/report/markup-escape.js';
import type { FlowRun, StepResult } from '../flow-run.js';
import { failureDetailLines, failureSummaries } from './step-failure-text.js';
import { isStepError, stepResultLabel } from './step-result-label.js';

/** Bodies in a failure are evidence, not the record: CI pages show them inline, so they are cut short. */
const JUNIT_BODY_CHARS = 2000;

/**
 * JUnit XML in the shape the test report uses (junit-report.ts), which the Jenkins and Ant schemas
 * both accept: one testsuite for the flow, one testcase per step and per row of a `foreach`. A step
 * with no response is an `<error>`, a check that did not hold a `<failure>`. Mask the run first
 * (mask-flow-run.ts): this writes what it is given.
 */
export function flowJunitReport(run: FlowRun): string {
  const steps = run.steps;
  const errors = steps.filter(isStepError).length;
  const failures = steps.filter((step) => step.outcome === 'failed').length - errors;
  const skipped = steps.filter((step) => step.outcome === 'skipped').length;
  const counts = `tests="${steps.length}" failures="${failures}" errors="${errors}"${skipped > 0 ? ` skipped="${skipped}"` : ''}`;
  const hostname = os.hostname().trim() || 'localhost';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${attr(run.name)}" id="0" ${counts} time="${seconds(run.durationMs)}" timestamp="${timestamp(run.startedAt)}" hostname="${attr(hostname)}">`,
    ...(run.file !== undefined ? ['    <properties>', `      <property name="file" value="${attr(run.file)}"/>`, '    </properties>'] : []),
    ...steps.map((step) => testcase(run.name, step)),
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(classname: string, step: StepResult): string {
  const open = `    <testcase name="${attr(`${step.index + 1}. ${stepResultLabel(step)}`)}" classname="${attr(classname)}" time="${seconds(step.durationMs)}"`;
  if (step.outcome === 'passed') return `${open}/>`;
  if (step.outcome === 'skipped') return `${open}>\n      <skipped>${text(step.reason ?? 'skipped')}</skipped>\n    </testcase>`;
  const element = isStepError(step) ? 'error' : 'failure';
  const type = step.failures[0]?.check ?? (element === 'error' ? 'request_error' : 'failure');
  const details = `\n${failureDetailLines(step, JUNIT_BODY_CHARS).join('\n')}\n      `;
  return `${open}>\n      <${element} message="${attr(failureSummaries(step).join('; '))}" type="${attr(type)}">${text(details)}</${element}>\n    </testcase>`;
}

function seconds(ms: number): string {
  return (Math.max(0, ms || 0) / 1000).toFixed(3);
}

/** The Ant schema allows neither a zone nor fractions of a second: the time in UTC, without either. */
function timestamp(iso: string): string {
  const date = new Date(iso);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString().slice(0, 19);
}
