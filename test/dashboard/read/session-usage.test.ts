import { describe, expect, it } from 'vitest';
import { sessionUsageSection } from '../../../src/dashboard/pages/session-usage-section.js';
import { readSessionUsage } from '../../../src/dashboard/read/session-usage.js';

const event = (value: unknown) => JSON.stringify({ kind: 'event', at: 'now', event: value });
const usage = (inputTokens: number, outputTokens: number, costUsd: unknown, extra: object = {}) => ({
  type: 'usage',
  inputTokens,
  outputTokens,
  costUsd,
  ...extra,
});

const FILE = [
  JSON.stringify({ kind: 'message', at: 'now', role: 'user', content: 'hello' }),
  event(usage(10_000, 1_000, 0.0012, { cachedInputTokens: 4_000, provider: 'openai', model: 'gpt-4o-mini' })),
  event({ type: 'subagent', agent: 'scout#1', profile: 'scout', event: usage(2_000, 200, 0.00042) }),
  event(usage(900, 90, 0.000189, { purpose: 'compaction' })),
  event({ type: 'compaction', reason: 'threshold', method: 'summary', replacedMessages: 4, keptMessages: 2, tokensBefore: 900, tokensAfter: 300 }),
  '{"kind": "event", "event": {"type": "usage", "inputTokens": "many"',
  event(usage(-5, 1, 1)),
];

describe('a session’s usage on its dashboard page', () => {
  it('is counted from the usage events its file records, a line per own calls, sub-agent and compaction', () => {
    const read = readSessionUsage(FILE)!;
    expect(
      read.lines.map(({ label, calls, inputTokens, cachedInputTokens, outputTokens }) => [label, calls, inputTokens, cachedInputTokens, outputTokens]),
    ).toEqual([
      ['session', 1, 10_000, 4_000, 1_000],
      ['scout#1', 1, 2_000, 0, 200],
      ['compaction 1', 1, 900, 0, 90],
    ]);
    expect(read.total).toMatchObject({ calls: 3, inputTokens: 12_900, cachedInputTokens: 4_000, outputTokens: 1_290 });
    expect(read.total.costUsd).toBeCloseTo(0.0012 + 0.00042 + 0.000189, 12);
  });

  it('calls the cost of a call recorded without one unknown, and has nothing to show without calls', () => {
    expect(readSessionUsage([event(usage(1, 1, undefined))])?.total.costUsd).toBeNull();
    expect(readSessionUsage([FILE[0]!])).toBeUndefined();
  });

  it('is shown as a table of tokens and unrounded costs, the total last', () => {
    const html = sessionUsageSection(readSessionUsage(FILE)!, false).join('\n');
    expect(html).toContain('<h2 id="usage">Usage (&lt;$0.01)</h2>');
    expect(html).toContain('<tr><th scope="row"><code>session</code></th><td>1</td><td>10,000</td><td>4,000</td><td>1,000</td><td>$0.0012</td></tr>');
    expect(html).toContain('<tr><th scope="row"><code>scout#1</code></th><td>1</td><td>2,000</td><td>0</td><td>200</td><td>$0.00042</td></tr>');
    expect(html).toMatch(/<tr><th scope="row">total<\/th><td>3<\/td><td>12,900<\/td><td>4,000<\/td><td>1,290<\/td><td>\$0\.001809<\/td><\/tr>/);
    expect(sessionUsageSection(readSessionUsage(FILE)!, true).join('\n')).toContain('the beginning of the file is left out');
  });

  it('escapes a label the file was edited to hold', () => {
    const html = sessionUsageSection(
      readSessionUsage([event({ type: 'subagent', agent: '<script>x</script>', profile: 'p', event: usage(1, 1, 0) })])!,
      false,
    ).join('');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
