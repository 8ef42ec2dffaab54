import type { ScanResult } from '../run-scan.js';
import { MOST_SEVERE_FIRST, tallySeverities } from './findings-by-severity.js';
import { residueLines } from '../residue/residue.js';
import { legendLine, reproductionText } from './replay-legend-text.js';

/**
 * A scan in a few plain lines — what `falcon scan` prints and the agent reads: the counts, then one
 * line per finding, most severe first, with its OWASP id and CWE (and, for the terminal, the lines
 * that reproduce it), what the scan left on the API, and the variables the reproductions read.
 */
export function scanSummaryLines(result: ScanResult, options: { reproductions?: boolean } = {}): string[] {
  const as = result.identities.length > 0 ? ` as ${result.identities.join(', ')}` : ' without credentials';
  const lines = [
    `Scanned ${result.spec} at ${result.target}${as}: ${result.checks.length} check${result.checks.length === 1 ? '' : 's'}, ${result.requests} requests${result.interrupted ? ' (interrupted)' : ''}`,
    `  ${MOST_SEVERE_FIRST.map((severity) => `${severity} ${tallySeverities(result.findings)[severity]}`).join(' · ')}`,
  ];
  const width = Math.max(0, ...result.findings.map((finding) => finding.rule.length));
  for (const finding of result.findings) {
    lines.push(
      `  ${finding.severity.toUpperCase().padEnd(8)} ${finding.rule.padEnd(width)}  ${finding.owasp} ${finding.cwe}  ${finding.method} ${finding.path} — ${finding.title}`,
    );
    if (options.reproductions)
      lines.push(
        ...reproductionText(finding)
          .split('\n')
          .map((line) => `      ${line}`),
      );
  }
  if (result.findings.length === 0) lines.push('  no findings');
  for (const note of result.notes) lines.push(`  note: ${note}`);
  for (const line of residueLines(result.residue)) lines.push(`  left: ${line}`);
  if (result.variables.length > 0) lines.push('  variables the reproductions read:', ...result.variables.map((variable) => `    ${legendLine(variable)}`));
  return lines;
}
