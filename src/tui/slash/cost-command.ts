import type { UsageLine } from '../../agent/usage/usage-ledger.js';
import { formatCost, type UsageTotals } from '../../agent/usage/usage-totals.js';
import { PRICES_TAKEN } from '../../llm/pricing/price-table.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import type { SlashCommand } from './session-slash-command.js';

const HEADINGS = ['', 'calls', 'tokens in', 'cached', 'tokens out', 'cost'];

export const costCommand: SlashCommand = {
  name: 'cost',
  description: 'the tokens and cost of this session, its sub-agents and compactions',
  async run(context) {
    const { total, lines } = context.agent.usage;
    context.show({ type: 'output', title: `Cost: ${formatCost(total.costUsd)}`, text: describeUsage(total, lines), format: 'text' });
  },
};

/** A table of the session's model calls (a row per own calls, sub-agent and compaction, then the total) and where prices come from. */
export function describeUsage(total: UsageTotals, lines: readonly UsageLine[]): string {
  if (total.calls === 0) return 'No model calls yet.';
  const rows = [HEADINGS, ...lines.map((line) => row(terminalSafeText(line.label), line)), row('total', total)];
  const widths = HEADINGS.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const table = rows.map((cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  '));
  return [
    ...table,
    '',
    `Cached tokens are part of the tokens in. Prices: a provider's pricing: in the config, else the table of ${PRICES_TAKEN};`,
    'models on this machine or network are free; an unknown model is priced as unknown.',
  ].join('\n');
}

function row(label: string, usage: UsageTotals): string[] {
  const count = (value: number) => value.toLocaleString('en-US');
  return [label, count(usage.calls), count(usage.inputTokens), count(usage.cachedInputTokens), count(usage.outputTokens), preciseCost(usage.costUsd)];
}

/** Cents hide the cost of a short call: four decimals below a dollar. */
function preciseCost(costUsd: number | null): string {
  if (costUsd === null) return 'unknown';
  return `$${costUsd.toFixed(costUsd < 1 ? 4 : 2)}`;
}
