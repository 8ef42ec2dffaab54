import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { perfMarkdown } from '../../../../src/engines/perf/report/perf-markdown.js';
import { closedRun, FINISHED_AT, HOSTILE_TARGET, openRun, webSocketRun } from './sample-perf-results.js';

function tables(markdown: string): Tokens.Table[] {
  return marked.lexer(markdown).filter((token): token is Tokens.Table => token.type === 'table');
}

function cells(table: Tokens.Table): string[][] {
  return [table.header.map((cell) => cell.text), ...table.rows.map((row) => row.map((cell) => cell.text))];
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`## ${heading}`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe('perfMarkdown', () => {
  it('counts a WebSocket run in messages and replies, with no HTTP status', () => {
    const markdown = perfMarkdown(webSocketRun(), FINISHED_AT);
    expect(markdown).toContain('- Messages: 6,000 at 500 msg/s — 5,940 answered, 60 failed\n');
    expect(cells(tables(section(markdown, 'Messages'))[0]!)).toEqual([
      ['Messages', 'Count'],
      ['Total', '6,000'],
      ['Answered', '5,940'],
      ['Failed (no reply)', '60'],
      ['No reply: timeout', '55'],
      ['No reply: connection refused', '0'],
      ['No reply: connection reset', '5'],
      ['No reply: other error', '0'],
    ]);
    expect(cells(tables(section(markdown, 'Second by second'))[0]!)[0]).toEqual(['Second', 'msg/s', 'p95 (ms)', 'Errors']);
    expect(markdown).not.toMatch(/req\/s|Requests|Responses|101/);
  });

  it('opens with the target, when it finished, the load, and the headline figures', () => {
    expect(perfMarkdown(closedRun(), FINISHED_AT).split('\n').slice(0, 9)).toEqual([
      '# Load test: http://127.0.0.1:4010/pets',
      '',
      '- Target: `http://127.0.0.1:4010/pets`',
      '- Finished: 2025-03-04T05:06:07.000Z',
      '- Load: closed model, 10 connections',
      '- Duration: 12 s',
      '- Requests: 6,000 at 500 req/s — 5,940 ok, 60 failed',
      '- Latency: p50 9.87 ms, p95 44.4 ms, p99 120.6 ms',
      '',
    ]);
  });

  it('says the open model as a rate with its connection cap, stages and workers when there are any', () => {
    const withRate = { ...closedRun(), model: 'open' as const, load: { connections: 50, rate: 200, workers: 1 } };
    expect(perfMarkdown(withRate, FINISHED_AT)).toContain('- Load: open model, 200 req/s, at most 50 connections\n');
    expect(perfMarkdown(openRun(), FINISHED_AT)).toContain('- Load: open model, stages 1m:100,3m:100,1m:0 (req/s), at most 50 connections, 2 worker threads\n');
    const rampingClosed = { ...closedRun(), load: { connections: 40, stages: '10s:40,10s:0', workers: 1 } };
    expect(perfMarkdown(rampingClosed, FINISHED_AT)).toContain('- Load: closed model, stages 10s:40,10s:0 (connections), up to 40 connections\n');
  });

  it('marks each threshold passed or failed with the actual value, precise enough to tell it from the limit', () => {
    const thresholds = section(perfMarkdown(closedRun(), FINISHED_AT), 'Thresholds');
    expect(cells(tables(thresholds)[0]!)).toEqual([
      ['', 'Threshold', 'Actual'],
      ['✓', '`p95<200`', '44.44'],
      ['✗', '`p999<199.5`', '199.6'],
    ]);
    expect(thresholds).toContain('**1 of 2 failed.**');
    expect(section(perfMarkdown(openRun(), FINISHED_AT), 'Thresholds')).toContain('No thresholds were set.');
  });

  it('counts requests by outcome, errors by kind and responses by status', () => {
    const [outcomes, statuses] = tables(section(perfMarkdown(closedRun(), FINISHED_AT), 'Requests')).map(cells);
    expect(outcomes).toEqual([
      ['Requests', 'Count'],
      ['Total', '6,000'],
      ['OK', '5,940'],
      ['Failed (status 400 and over, or no answer)', '60'],
      ['No answer: timeout', '3'],
      ['No answer: connection refused', '1'],
      ['No answer: connection reset', '1'],
      ['No answer: other error', '1'],
    ]);
    expect(statuses).toEqual([
      ['Status', 'Responses'],
      ['200', '5,940'],
      ['404', '6'],
      ['503', '48'],
    ]);
    expect(section(perfMarkdown(openRun(), FINISHED_AT), 'Requests')).toContain('| Late (sent after they were due, or never) | 17 |');
  });

  it('rounds latencies by their size: three decimals below 1 ms, whole milliseconds from 1,000', () => {
    const [latency] = tables(section(perfMarkdown(closedRun(), FINISHED_AT), 'Latency (ms)')).map(cells);
    expect(latency).toEqual([
      ['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'p99.9', 'max'],
      ['0.412', '12.3', '9.87', '31.2', '44.4', '120.6', '199.6', '1,235'],
    ]);
  });

  it('lists a short run second by second', () => {
    const [timeline] = tables(section(perfMarkdown(closedRun(), FINISHED_AT), 'Second by second')).map(cells);
    expect(timeline![0]).toEqual(['Second', 'req/s', 'p95 (ms)', 'Errors']);
    expect(timeline!.slice(1, 3)).toEqual([
      ['1', '480', '40', '2'],
      ['2', '484', '41', '0'],
    ]);
    expect(timeline).toHaveLength(13);
  });

  it('groups a long run into at most 60 rows and says how', () => {
    const timeline = section(perfMarkdown(openRun(), FINISHED_AT), 'Second by second');
    expect(timeline).toContain("_5 seconds a row: req/s is their mean, p95 the worst second's, errors their sum._");
    const rows = cells(tables(timeline)[0]!).slice(1);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toEqual(['1–5', '102', '24', '0']);
    expect(rows[30]).toEqual(['151–155', '102', '26', '5']);
    expect(rows[59]![0]).toBe('296–300');
  });

  it('gives the bytes sent and received with their rates', () => {
    expect(section(perfMarkdown(closedRun(), FINISHED_AT), 'Data')).toContain('- Sent: 1.23 MB (102.9 kB/s)\n- Received: 98.8 MB (8.23 MB/s)');
  });

  it('says when the run was interrupted, and only then', () => {
    expect(perfMarkdown(openRun(), FINISHED_AT)).toContain('> **Interrupted:** the run was stopped before its end');
    expect(perfMarkdown(closedRun(), FINISHED_AT)).not.toContain('Interrupted');
  });

  it('shows a hostile target as text: no HTML, no escape sequence', () => {
    const markdown = perfMarkdown({ ...closedRun(), target: HOSTILE_TARGET }, FINISHED_AT);
    const tokens = marked.lexer(markdown);
    expect(JSON.stringify(tokens)).not.toMatch(/"type":"html"/);
    expect(markdown).not.toContain('\u001B');
    expect(markdown.split('\n')[0]).toBe(
      '# Load test: http://127.0.0.1/\\<script\\>alert(1)\\</script\\>"\'\\>\\<img src=x onerror=alert(2)\\>\\&amp;␛\\[31m|\\*\\_\\`',
    );
    expect(marked.parse(markdown)).not.toMatch(/<script|<img/);
  });

  it('renders a run that recorded nothing', () => {
    const empty = {
      ...closedRun(),
      requests: { ...closedRun().requests, total: 0, ok: 0, failed: 0, by_status: {} },
      timeline: [],
      histogram: [],
      duration_s: 0,
    };
    const markdown = perfMarkdown(empty, FINISHED_AT);
    expect(markdown).toContain('No seconds were recorded.');
    expect(markdown).not.toContain('| Status |');
    expect(markdown).toContain('- Sent: 1.23 MB\n');
  });
});
