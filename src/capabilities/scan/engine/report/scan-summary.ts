import type { ScanResult } from '../run-scan.js';
import { MOST_SEVERE_FIRST, tallySeverities } from './findings-by-severity.js';

/**
 * A scan in a few plain lines — what `falcon scan` prints and the agent reads: the counts, then one
 * line per finding, most severe first, with its OWASP id and CWE.
 */
export function scanSummaryLines(result: ScanResult): string[] {
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
  }
  if (result.findings.length === 0) lines.push('  no findings');
  for (const note of result.notes) lines.push(`  note: ${note}`);
  return lines;
}
