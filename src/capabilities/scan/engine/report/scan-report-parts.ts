import { formatCount } from '../../../../engines/perf/report/perf-report-text.js';
import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import { owaspReference } from './security-references.js';

export const INTERRUPTED_NOTE = 'the scan was stopped before every check had run: the findings are those of the checks that ran, and the rest proved nothing.';
export const NO_FINDINGS = 'None: no response proved a weakness.';
export const NO_NOTES = 'The checks noted nothing they could not check.';

export function scanTitle(result: ScanResult): string {
  return `Security scan: ${result.target}`;
}

/** `alice, bob`, or that no credentials were given. */
export function identitiesText(result: ScanResult): string {
  return result.identities.length > 0 ? result.identities.join(', ') : 'no one (no credentials were given)';
}

export function requestsText(result: ScanResult): string {
  return `${formatCount(result.requests)} request${result.requests === 1 ? '' : 's'}`;
}

export function operationText(finding: Finding): string {
  return `${finding.method} ${finding.path}`;
}

export const CHECK_HEADINGS = ['Check', 'OWASP', 'CWE', 'Findings'];

/** Each check that ran: its rule, OWASP entry (with its title) and CWE, and how many findings it made. */
export function checkRows(result: ScanResult): Array<{ rule: string; owasp: string; cwe: string; findings: string }> {
  return result.checks.map((rule) => ({
    rule,
    owasp: owaspReference(result.rules[rule]!.owasp).name,
    cwe: result.rules[rule]!.cwe,
    findings: formatCount(result.findings.filter((finding) => finding.rule === rule).length),
  }));
}
