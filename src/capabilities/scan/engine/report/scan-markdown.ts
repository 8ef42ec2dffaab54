import { markdownCode, markdownFence, markdownRow, markdownText } from '../../../../engines/testing/report/markdown-text.js';
import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import { findingsBySeverity, MOST_SEVERE_FIRST, severityLabel, tallySeverities } from './findings-by-severity.js';
import {
  CHECK_HEADINGS,
  checkRows,
  identitiesText,
  INTERRUPTED_NOTE,
  NO_FINDINGS,
  NO_NOTES,
  operationText,
  requestsText,
  scanTitle,
} from './scan-report-parts.js';
import { cweReference, owaspReference, type Reference } from './security-references.js';
import { LEGEND_INTRO, NO_RESIDUE, reproductionText } from './replay-legend-text.js';
import { residueLines } from '../residue/residue.js';

/** The scan as a person reads it: the tally by severity, each finding with its evidence, curl line and remediation, then the checks and what they could not check. */
export function scanMarkdown(result: ScanResult, finishedAt = new Date()): string {
  const tally = tallySeverities(result.findings);
  const lines = [
    `# ${markdownText(scanTitle(result))}`,
    '',
    `- Target: ${markdownCode(result.target)}`,
    `- Spec: ${markdownText(result.spec)}`,
    `- Acting as: ${markdownText(identitiesText(result))}`,
    `- Finished: ${finishedAt.toISOString()}`,
    `- Sent: ${requestsText(result)}`,
  ];
  if (result.interrupted) lines.push('', `> **Interrupted:** ${markdownText(INTERRUPTED_NOTE)}`);
  lines.push('', '## Summary', '', markdownRow(['Severity', 'Findings']), markdownRow(['---', '---:']));
  for (const severity of MOST_SEVERE_FIRST) lines.push(markdownRow([severityLabel(severity), String(tally[severity])]));
  lines.push('', '## Findings');
  const groups = findingsBySeverity(result.findings);
  if (groups.length === 0) lines.push('', NO_FINDINGS);
  for (const [severity, findings] of groups) {
    lines.push('', `### ${severityLabel(severity)} (${findings.length})`, ...findings.flatMap(findingSection));
  }
  if (result.variables.length > 0) {
    lines.push('', '## Variables the reproductions read', '', markdownText(LEGEND_INTRO), '');
    for (const variable of result.variables) {
      lines.push(`- ${markdownCode(`$${variable.name}`)}: ${markdownText(variable.meaning)}`);
      if (variable.set) lines.push('', ...markdownFence(variable.set, 'sh').map((line) => `  ${line}`));
    }
  }
  const left = residueLines(result.residue);
  lines.push('', '## Left on the API', '', ...(left.length > 0 ? left.map((line) => `- ${markdownText(line)}`) : [markdownText(NO_RESIDUE)]));
  lines.push('', `## Checks run (${result.checks.length})`, '', markdownRow(CHECK_HEADINGS), markdownRow(['---', '---', '---', '---:']));
  for (const row of checkRows(result)) lines.push(markdownRow([markdownCode(row.rule), markdownText(row.owasp), markdownText(row.cwe), row.findings]));
  lines.push('', '## Not checked', '', ...(result.notes.length > 0 ? result.notes.map((note) => `- ${markdownText(note)}`) : [NO_NOTES]));
  return `${lines.join('\n')}\n`;
}

function findingSection(finding: Finding): string[] {
  return [
    '',
    `#### ${markdownText(finding.title)}`,
    '',
    `- Rule: ${markdownCode(finding.rule)} — OWASP ${link(owaspReference(finding.owasp))}, ${link(cweReference(finding.cwe))}`,
    `- Operation: ${markdownCode(operationText(finding))}`,
    '',
    '**Request**',
    '',
    ...markdownFence(finding.evidence.request, 'http'),
    '',
    '**Response**',
    '',
    ...markdownFence(finding.evidence.response, 'http'),
    '',
    '**Reproduce**',
    '',
    ...markdownFence(reproductionText(finding), 'sh'),
    '',
    `**Remediation:** ${markdownText(finding.remediation)}`,
  ];
}

function link({ name, url }: Reference): string {
  return url ? `[${markdownText(name)}](${url})` : markdownText(name);
}
