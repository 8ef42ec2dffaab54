import { describe, expect, it } from 'vitest';
import { flowPage } from '../../../src/capabilities/flows/pages/flow-page.js';
import { loadRunPage } from '../../../src/capabilities/load/pages/load-run-page.js';
import { overviewPage } from '../../../src/dashboard/pages/overview-page.js';
import { reportListPage } from '../../../src/dashboard/pages/report-list-page.js';
import { scanPage } from '../../../src/capabilities/scan/pages/scan-page.js';
import type { ProjectReports } from '../../../src/dashboard/read/project-reports.js';
import { reportFaces } from '../../../src/dashboard/read/report-faces.js';
import { checkoutRun, hostileRun, webSocketRun } from '../../capabilities/flows/engine/report/sample-flow-runs.js';
import { closedRun, HOSTILE_TARGET, webSocketRun as webSocketLoadRun } from '../../engines/perf/report/sample-perf-results.js';
import { HOSTILE_BODY, scanResult } from '../../capabilities/scan/engine/report/sample-scan-results.js';
import { mixedRun } from '../../engines/testing/report/sample-runs.js';

const WRITTEN = new Date('2025-03-04T05:06:07.000Z');
const faces = await reportFaces();
const face = (kind: string) => faces.find((candidate) => candidate.kind === kind)!;

const reports: ProjectReports = {
  reports: [
    { name: 'perf_report_x.json', modifiedAt: WRITTEN, readable: true, content: { kind: 'perf', result: closedRun() } },
    { name: 'test_report_x.json', modifiedAt: WRITTEN, readable: true, content: { kind: 'test', run: mixedRun() } },
    { name: 'broken.json', modifiedAt: WRITTEN, readable: false, note: 'not JSON (Unexpected end of JSON input)' },
  ],
  others: [{ name: 'old_report.md', note: 'a Markdown report without a JSON twin' }],
};

describe('loadRunPage', () => {
  it('draws the latency histogram, req/s and p95 over time as named SVG charts, and the thresholds', () => {
    const html = loadRunPage('perf_report_x.json', closedRun()).main.join('\n');
    for (const id of ['latency-histogram', 'rps-over-time', 'p95-over-time'])
      expect(html).toMatch(new RegExp(`<svg [^>]*id="${id}"[^>]*role="img" aria-labelledby="${id}-title"`));
    expect(html).toContain('<h2 id="thresholds">Thresholds</h2>');
  });

  it('lists and shows a WebSocket load run in messages and replies, as read back from its JSON', async () => {
    const load = face('perf');
    const read = await load.read(JSON.parse(JSON.stringify(webSocketLoadRun())), '', 'perf_report_ws.json');
    expect(load.figures(read)).toBe('6,000 messages, 500 msg/s, p95 44.4 ms');
    const html = (await load.page('perf_report_ws.json', read)).main.join('\n');
    expect(html).toContain('<dt>Messages</dt><dd>6,000 — 5,940 answered, 60 failed</dd>');
    expect(html).not.toMatch(/req\/s|HTTP status/);
  });

  it('escapes a hostile target', () => {
    const page = loadRunPage('p.json', { ...closedRun(), target: HOSTILE_TARGET });
    expect(page.title).toContain('<script>');
    expect(page.main.join('\n')).not.toMatch(/<script|<img|\u001b/);
  });
});

describe('scanPage', () => {
  it('shows each finding with its severity, OWASP entry, evidence, curl line and remediation, escaped', () => {
    const html = scanPage('scan_report_x.json', scanResult()).main.join('\n');
    expect(html).toContain('<article class="finding');
    expect(html).toMatch(/<dt>OWASP<\/dt><dd><a href="https:\/\/owasp\.org\/API-Security\/[^"]+">API\d+:2023 /);
    expect(html).toContain('<h5>Remediation</h5>');
    expect(html).not.toContain(HOSTILE_BODY);
    expect(html).not.toMatch(/<script|\u001b/);
  });
});

describe('flowPage', () => {
  it('lists the steps in order, each linked to its details, the failed one with its checks and exchange', () => {
    const html = flowPage('flow_report_x.json', checkoutRun()).main.join('\n');
    expect(html).toContain('<caption>5 steps, in the order they ran</caption>');
    expect(html).toContain(
      '<tr><td class="number">3</td><th scope="row"><a href="#step-4">product [row 2: sku=B-2]</a></th><td class="fail">✗ failed</td><td class="number">404</td>',
    );
    expect(html).toContain('<tr><th scope="row"><code>status_code</code></th><td><code>200</code></td><td><code>404</code></td></tr>');
    expect(html).toContain('<p>if: {{gift}} is empty</p>');
    expect(flowPage('f.json', hostileRun()).main.join('\n')).not.toMatch(/<tag|\u001b|\u0007/);
  });

  it('shows a WebSocket step like a request: its matches in the table, its messages and the schema under it, escaped', () => {
    const html = flowPage('f.json', webSocketRun()).main.join('\n');
    expect(html).toContain('<td class="fail">✗ failed</td><td class="number">0/3 messages</td>');
    expect(html).toContain('<h4>WebSocket messages</h4>');
    expect(html).toContain('WebSocket ws://127.0.0.1:9/prices (subprotocol prices.v1)\n0 of 3 expected messages matched within 2000 ms; 1 sent, 2 received');
    expect(html).toContain('→ 1: {"subscribe":"EURUSD"}\n← 1 +3 ms: {"symbol":"GBPUSD"}\n← 2 +4 ms: &lt;tag&gt;␛[31m^G</pre>');
    expect(html).toContain('<tr><th scope="row"><code>message 1 $.symbol</code></th>');
    expect(html).not.toMatch(/<tag|\u001b|\u0007/);
  });
});

describe('reportListPage and overviewPage', () => {
  it('list the reports of a kind with their verdict, and say how to make one when there is none', () => {
    const tests = reportListPage(face('test'), reports).main.join('\n');
    expect(tests).toContain('<a href="/tests/test_report_x.json">Petstore 1.0.0</a>');
    expect(tests).toContain('<td class="fail">✗ failed</td><td>6 cases: 2 passed, 3 failed, 1 skipped</td>');
    expect(tests).toContain('1 JSON file in <code>.falcon/reports/</code> could not be shown');
    expect(reportListPage(face('flow'), reports).main.join('\n')).toContain(
      'None yet: <code>falcon flow run</code> writes its report to <code>.falcon/reports/</code>',
    );
  });

  it('give each section a card and every file no page shows with why', () => {
    const html = overviewPage([], reports, faces).main.join('\n');
    expect(html).toContain('<li><h2><a href="/load">Load runs</a></h2><p>1 report</p><p>Latest: <a href="/load/perf_report_x.json">');
    expect(html).toContain('<tr><th scope="row"><code>broken.json</code></th><td>not JSON (Unexpected end of JSON input)</td></tr>');
    expect(html).toContain('<tr><th scope="row"><code>old_report.md</code></th><td>a Markdown report without a JSON twin</td></tr>');
  });
});
