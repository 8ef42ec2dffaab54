import type { Finding } from '../finding.js';
import { SEVERITIES, type Severity } from '../severity.js';

/** Reports list severities from the worst down. */
export const MOST_SEVERE_FIRST: readonly Severity[] = [...SEVERITIES].reverse();

/** Findings per severity, `critical` first. */
export type SeverityTally = Record<Severity, number>;

export function tallySeverities(findings: readonly Finding[]): SeverityTally {
  const tally = Object.fromEntries(MOST_SEVERE_FIRST.map((severity) => [severity, 0])) as SeverityTally;
  for (const finding of findings) tally[finding.severity] += 1;
  return tally;
}

/** The severities that have findings, worst first, each with its findings in the scan's order. */
export function findingsBySeverity(findings: readonly Finding[]): Array<[Severity, Finding[]]> {
  return MOST_SEVERE_FIRST.map((severity): [Severity, Finding[]] => [severity, findings.filter((finding) => finding.severity === severity)]).filter(
    ([, group]) => group.length > 0,
  );
}

/** `Critical`, `High` … as a heading or a table cell says it. */
export function severityLabel(severity: Severity): string {
  return `${severity[0]!.toUpperCase()}${severity.slice(1)}`;
}
