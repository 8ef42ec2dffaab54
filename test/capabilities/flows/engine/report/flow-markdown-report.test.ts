import { describe, expect, it } from 'vitest';
import { renderFlowReport } from '../../../../../src/capabilities/flows/engine/report/render-flow-report.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { checkoutRun, hostileRun, SECRET, webSocketRun } from './sample-flow-runs.js';

describe('flow Markdown report', () => {
  it('lists each step and row with its result, status and time', () => {
    const markdown = renderFlowReport(checkoutRun(), 'md');
    expect(markdown).toMatch(/^# Flow report: checkout\n/);
    expect(markdown).toContain('- Steps: 5 — 3 passed, 1 failed, 1 skipped');
    expect(markdown).toContain('| 1 | log in | ✓ passed | 200 | 12 ms |');
    expect(markdown).toContain('| 3 | product \\[row 2: sku=B-2\\] | ✗ failed | 404 | 12 ms |');
    expect(markdown).toContain('- gift wrap: if: {{gift}} is empty');
  });

  it('shows a failure with its expected and actual values, request, response and curl line', () => {
    const markdown = renderFlowReport(checkoutRun(), 'md');
    const failure = markdown.slice(markdown.indexOf('## Failed steps (1)'));
    expect(failure).toContain('### ✗ 3. product \\[row 2: sku=B-2\\]');
    expect(failure).toContain('| `status_code` | `200` | `404` |');
    expect(failure).toContain('GET http://127.0.0.1:9/products/B-2');
    expect(failure).toContain('HTTP 404');
    expect(failure).toMatch(/```sh\n(# set .*\n)?curl -sS -i 'http:\/\/127\.0\.0\.1:9\/products\/B-2'/);
  });

  it('escapes hostile text: no raw markup, no escape sequences, pipes kept inside their cells', () => {
    const markdown = renderFlowReport(hostileRun(), 'md');
    expect(markdown).not.toContain('\u001b');
    expect(markdown).not.toContain('\u0007');
    // Outside code blocks, markup is escaped; inside them it is text already.
    const prose = markdown.replace(/```[a-z]*\n[\s\S]*?\n```/g, '').replace(/``[^`]*?(?:`[^`]+)*``/g, '');
    expect(prose).not.toMatch(/(^|[^\\])<tag/m);
    const row = markdown.split('\n').find((line) => line.startsWith('| 1 |'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
  });

  it('never holds a secret', () => {
    const secrets = new SecretRegistry();
    secrets.register(SECRET, 'SHOP_PW');
    const run = checkoutRun();
    run.steps[0] = { ...run.steps[0]!, outcome: 'failed', failures: [{ check: '$.password', expected: 'x', actual: SECRET }] };
    for (const format of ['md', 'json'] as const) expect(renderFlowReport(run, format, secrets)).not.toContain(SECRET);
  });
});

describe('a WebSocket step in the reports', () => {
  it('shows its matches in the table and its messages under the failure, in Markdown and JUnit', () => {
    const markdown = renderFlowReport(webSocketRun(), 'md');
    expect(markdown).toContain('| 1 | live prices | ✗ failed | 0/3 messages |');
    expect(markdown).toContain('**WebSocket**');
    expect(markdown).toContain('← 1 +3 ms: {"symbol":"GBPUSD"}');
    const junit = renderFlowReport(webSocketRun(), 'junit');
    expect(junit).toContain('<failure message="message 1 $.symbol: expected &quot;EURUSD&quot;, actual &quot;GBPUSD&quot;" type="message 1 $.symbol">');
    expect(junit).toContain('Checked against the "price" message of channel /prices (asyncapi.yaml)');
  });
});
