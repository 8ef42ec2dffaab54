import { formatCost } from '../../agent/usage/usage-totals.js';
import type { UsageTotals } from '../../agent/usage/usage-totals.js';
import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { SessionUsage } from '../read/session-usage.js';

/** Under a session's transcript: its model calls' tokens and cost, a row per own calls, sub-agent and compaction, then the total. */
export function sessionUsageSection(usage: SessionUsage, partial: boolean): string[] {
  const rows = [...usage.lines.map((line) => row(line.label, line)), row('total', usage.total, true)];
  return [
    '<section aria-labelledby="usage">',
    `<h2 id="usage">Usage (${text(formatCost(usage.total.costUsd))})</h2>`,
    ...(partial ? ['<p class="note" role="note">Counted from the entries shown: the beginning of the file is left out.</p>'] : []),
    '<div class="table-scroll"><table>',
    '<thead><tr><th scope="col">Calls of</th><th scope="col">Calls</th><th scope="col">Tokens in</th><th scope="col">Cached</th><th scope="col">Tokens out</th><th scope="col">Cost (USD)</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table></div>',
    '<p class="meta">Cached tokens are part of the tokens in. A cost is unknown when the model’s price is: set it with <code>pricing:</code> in the provider’s config.</p>',
    '</section>',
  ];
}

function row(label: string, usage: UsageTotals, total = false): string {
  const count = (value: number) => value.toLocaleString('en-US');
  const cells = [count(usage.calls), count(usage.inputTokens), count(usage.cachedInputTokens), count(usage.outputTokens), cost(usage.costUsd)];
  const heading = total ? `<th scope="row">${text(label)}</th>` : `<th scope="row"><code>${text(label)}</code></th>`;
  return `<tr>${heading}${cells.map((cell) => `<td>${text(cell)}</td>`).join('')}</tr>`;
}

/** Not rounded to cents: a short session costs fractions of one. */
function cost(costUsd: number | null): string {
  return costUsd === null ? 'unknown' : `$${costUsd.toFixed(6).replace(/0{1,4}$/, '')}`;
}
