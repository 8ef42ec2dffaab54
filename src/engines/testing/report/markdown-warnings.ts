import type { TestRun } from '../test-run.js';
import { markdownCode, markdownText } from './markdown-text.js';

/**
 * The warnings section of the Markdown report, empty when the run has none: each operation the run
 * proved nothing about, with the counts behind it and what to do.
 */
export function markdownWarnings(run: TestRun): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  const verdict = run.warningsAllowed ? 'allowed by `--allow-warnings`' : 'they fail `falcon test` unless `--allow-warnings` is given';
  const lines = ['', `## Warnings (${warnings.length})`, '', `No case reached these operations' logic, so their passing checks prove nothing (${verdict}).`];
  for (const warning of warnings) {
    lines.push(
      '',
      `- ⚠ ${markdownCode(warning.kind)} on ${markdownCode(warning.operation)}: ${markdownText(warning.message)}`,
      `  - Evidence: ${markdownText(warning.evidence)}`,
      `  - What to do: ${markdownText(warning.advice)}`,
    );
  }
  return lines;
}
