import type { Paint } from '../../../config/paint.js';
import type { TestRun } from '../../../engines/testing/test-run.js';

/**
 * The warnings section of the `falcon test` summary, empty when the run has none: each operation the
 * run proved nothing about, with the counts behind it and what to do. `run` is terminal-safe already.
 */
export function warningLines(run: TestRun, paint: Paint): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  const lines = [
    '',
    paint(
      'bold',
      `Warnings: no case reached the logic of ${warnings.length === 1 ? 'this operation' : `these ${warnings.length} operations`}, so passing checks prove nothing:`,
    ),
  ];
  for (const warning of warnings) {
    lines.push(`  ${paint('yellow', '⚠')} ${warning.kind}: ${warning.message}`, `      ${warning.evidence}`, `      → ${warning.advice}`);
  }
  return lines;
}

/**
 * The last line: failures first; without any, warnings make it a `⚠` line rather than a plain
 * `✓ no failures`, since the run still fails (exit 1) unless `--allow-warnings` passed it.
 */
export function verdictLine(run: TestRun, failed: number, cases: number, paint: Paint): string {
  const count = `${cases} case${cases === 1 ? '' : 's'}`;
  const warnings = run.warnings?.length ?? 0;
  const warned = `${warnings} warning${warnings === 1 ? '' : 's'}`;
  if (failed > 0) return paint('red', `✗ ${failed} of ${count} failed`);
  if (warnings === 0) return paint('green', `✓ no failures in ${count}`);
  if (run.warningsAllowed) return paint('yellow', `⚠ no failures in ${count}, but ${warned} (allowed by --allow-warnings)`);
  return paint('red', `⚠ no failures in ${count}, but ${warned}: the run fails (--allow-warnings lets it pass)`);
}
