import { JUNIT_BODY_CHARS, junitHostname, junitSeconds, junitTimestamp } from '../../../../engines/testing/report/junit-parts.js';
import { escapeMarkupAttribute as attr, escapeMarkupText as text } from '../../../../engines/testing/report/markup-escape.js';
import type { FlowRun, StepResult } from '../flow-run.js';
import { failureDetailLines, failureSummaries } from './step-failure-text.js';
import { isStepError, stepResultLabel } from './step-result-label.js';

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
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${attr(run.name)}" id="0" ${counts} time="${junitSeconds(run.durationMs)}" timestamp="${junitTimestamp(run.startedAt)}" hostname="${attr(junitHostname())}">`,
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
  const open = `    <testcase name="${attr(`${step.index + 1}. ${stepResultLabel(step)}`)}" classname="${attr(classname)}" time="${junitSeconds(step.durationMs)}"`;
  if (step.outcome === 'passed') return `${open}/>`;
  if (step.outcome === 'skipped') return `${open}>\n      <skipped>${text(step.reason ?? 'skipped')}</skipped>\n    </testcase>`;
  const element = isStepError(step) ? 'error' : 'failure';
  const type = step.failures[0]?.check ?? (element === 'error' ? 'request_error' : 'failure');
  const details = `\n${failureDetailLines(step, JUNIT_BODY_CHARS).join('\n')}\n      `;
  return `${open}>\n      <${element} message="${attr(failureSummaries(step).join('; '))}" type="${attr(type)}">${text(details)}</${element}>\n    </testcase>`;
}
