import type { TestRun } from '../test-run.js';
import { escapeMarkupAttribute as attr, escapeMarkupText as text } from './markup-escape.js';

export const WARNINGS_SUITE = 'falcon warnings';

/**
 * The run's warnings as a testsuite of their own, one testcase per warning (classname: the
 * operation), so that CI test tabs list them beside the failures: a `<failure>` while they fail the
 * run, `<skipped>` once `--allow-warnings` lets it pass (shown, not failing). Nothing when there are none.
 */
export function junitWarningsSuite(run: TestRun, id: number, attributes: { timestamp: string; hostname: string }): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  const counts = run.warningsAllowed
    ? `tests="${warnings.length}" failures="0" errors="0" skipped="${warnings.length}"`
    : `tests="${warnings.length}" failures="${warnings.length}" errors="0"`;
  const testcases = warnings.map((warning) => {
    const open = `    <testcase name="${attr(`${warning.kind}: ${warning.operation}`)}" classname="${attr(warning.operation)}" time="0.000">`;
    const details = `\n${warning.message}\n\nEvidence: ${warning.evidence}\nWhat to do: ${warning.advice}\n      `;
    const outcome = run.warningsAllowed
      ? `      <skipped>${text(`allowed by --allow-warnings: ${warning.message}`)}</skipped>`
      : `      <failure message="${attr(warning.message)}" type="${attr(warning.kind)}">${text(details)}</failure>`;
    return [open, outcome, '    </testcase>'].join('\n');
  });
  return [
    `  <testsuite name="${attr(WARNINGS_SUITE)}" package="${attr(run.title)}" id="${id}" ${counts} time="0.000" timestamp="${attributes.timestamp}" hostname="${attr(attributes.hostname)}">`,
    '    <properties>',
    `      <property name="title" value="${attr(run.title)}"/>`,
    `      <property name="baseUrl" value="${attr(run.baseUrl)}"/>`,
    `      <property name="warningsAllowed" value="${run.warningsAllowed ? 'true' : 'false'}"/>`,
    '    </properties>',
    ...testcases,
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
  ];
}
