import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { UsageLedger } from '../../../src/agent/usage/usage-ledger.js';
import { EntryView } from '../../../src/tui/components/entry-view.js';
import { costCommand } from '../../../src/tui/slash/cost-command.js';
import type { SlashContext } from '../../../src/tui/slash/session-slash-command.js';
import type { Entry } from '../../../src/tui/state/view-state.js';
import { stripAnsi } from '../components/terminal-output.js';

const usage = (inputTokens: number, outputTokens: number, costUsd: number | null, extra: object = {}): AgentEvent => ({
  type: 'usage',
  inputTokens,
  outputTokens,
  provider: 'openai',
  model: 'gpt-4o-mini',
  costUsd,
  ...extra,
});

/** What /cost shows for a session whose events were these, as the transcript renders it. */
async function costShown(events: AgentEvent[]): Promise<string> {
  const ledger = new UsageLedger();
  events.forEach((event) => ledger.record(event));
  const shown: Entry[] = [];
  const context = {
    agent: { usage: { total: ledger.total, lines: ledger.lines } },
    show: (output: Omit<Extract<Entry, { kind: 'output' }>, 'kind' | 'id'> & { type: 'output' }) => shown.push({ ...output, kind: 'output', id: 'e0' }),
  } as unknown as SlashContext;
  await costCommand.run(context);
  const { lastFrame, unmount } = render(<EntryView entry={shown[0]!} width={100} showThoughts expanded={false} />);
  const text = stripAnsi(lastFrame() ?? '');
  unmount();
  return text;
}

describe('/cost', () => {
  it('shows the tokens in, cached and out and the cost of the session, a line per sub-agent and compaction, and the total', async () => {
    const text = await costShown([
      usage(10_000, 1_000, 0.0012, { cachedInputTokens: 4_000 }),
      { type: 'subagent', agent: 'scout#1', profile: 'scout', event: usage(2_000, 200, 0.00042) },
      usage(900, 90, 0.000189, { purpose: 'compaction' }),
      { type: 'compaction', reason: 'manual', method: 'summary', replacedMessages: 6, keptMessages: 2, tokensBefore: 5_000, tokensAfter: 900 },
    ]);
    const rows = text.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(text).toContain('Cost: <$0.01');
    expect(rows).toContainEqual(['calls', 'tokens in', 'cached', 'tokens out', 'cost']);
    expect(rows).toContainEqual(['session', '1', '10,000', '4,000', '1,000', '$0.0012']);
    expect(rows).toContainEqual(['scout#1', '1', '2,000', '0', '200', '$0.0004']);
    expect(rows).toContainEqual(['compaction 1', '1', '900', '0', '90', '$0.0002']);
    expect(rows).toContainEqual(['total', '3', '12,900', '4,000', '1,290', '$0.0018']);
    expect(text.replace(/\s+/g, ' ')).toMatch(/else the table of \d{4}-\d{2}/);
  });

  it('says the cost is unknown when a model’s price is, on its line and in the total', async () => {
    const text = await costShown([usage(1_000, 100, 0.5), { type: 'subagent', agent: 'scout#1', profile: 'scout', event: usage(1_000, 100, null) }]);
    const rows = text.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(text).toContain('Cost: cost unknown');
    expect(rows).toContainEqual(['session', '1', '1,000', '0', '100', '$0.5000']);
    expect(rows).toContainEqual(['scout#1', '1', '1,000', '0', '100', 'unknown']);
    expect(rows).toContainEqual(['total', '2', '2,000', '0', '200', 'unknown']);
  });

  it('says so before any model call', async () => {
    expect(await costShown([])).toContain('No model calls yet.');
  });
});
