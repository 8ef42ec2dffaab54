import type { TestRun } from '../test-run.js';
import { escapeMarkupText as html } from './markup-escape.js';

/**
 * The warnings section of the HTML report, empty when the run has none: each operation the run
 * proved nothing about, with the counts behind it and what to do.
 */
export function htmlWarnings(run: TestRun): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  const verdict = run.warningsAllowed
    ? 'allowed by <code>--allow-warnings</code>'
    : 'they fail <code>falcon test</code> unless <code>--allow-warnings</code> is given';
  return [
    `<h2>Warnings (${warnings.length})</h2>`,
    `<p>No case reached these operations' logic, so their passing checks prove nothing (${verdict}).</p>`,
    ...warnings.map((warning) =>
      [
        '<article class="warning">',
        `<h3>⚠ <code>${html(warning.kind)}</code> on <code>${html(warning.operation)}</code></h3>`,
        `<p>${html(warning.message)}</p>`,
        `<dl><dt>Evidence</dt><dd>${html(warning.evidence)}</dd><dt>What to do</dt><dd>${html(warning.advice)}</dd></dl>`,
        '</article>',
      ].join('\n'),
    ),
  ];
}
