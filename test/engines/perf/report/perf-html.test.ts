import { describe, expect, it } from 'vitest';
import { perfHtml } from '../../../../src/engines/perf/report/perf-html.js';
import { closedRun, FINISHED_AT, HOSTILE_TARGET, openRun, webSocketRun } from './sample-perf-results.js';

function svg(page: string, id: string): string {
  const start = page.indexOf(`<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf('</svg>', start) + '</svg>'.length);
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('perfHtml', () => {
  it('is one self-contained page: inline style and SVG, no script, nothing to fetch', () => {
    const page = perfHtml(closedRun(), FINISHED_AT);
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(page).toMatch(/<style>[\s\S]+prefers-color-scheme: dark[\s\S]+<\/style>/);
    // The SVG namespace is an identifier, never fetched; nothing else names a URL to load.
    expect(page.replaceAll('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(
      /<script|<link|<img|<iframe|\ssrc=|\shref=|@import|url\(|https?:\/\/(?!127\.0\.0\.1:4010\/pets)/i,
    );
  });

  it('has landmarks, headings and tables a screen reader can walk', () => {
    const page = perfHtml(closedRun(), FINISHED_AT);
    expect(page).toMatch(/<body>\n<header>\n<h1>Load test: http:\/\/127\.0\.0\.1:4010\/pets<\/h1>[\s\S]*<\/header>\n<main>[\s\S]*<\/main>\n<\/body>/);
    expect(page).toContain('<title>Load test: http://127.0.0.1:4010/pets</title>');
    expect(page).toContain('<time datetime="2025-03-04T05:06:07.000Z">2025-03-04T05:06:07.000Z</time> · ran 12 s · closed model, 10 connections');
    for (const id of ['summary', 'thresholds', 'requests', 'latency', 'over-time'])
      expect(page).toContain(`<section aria-labelledby="${id}">\n<h2 id="${id}">`);
    const tables = page.match(/<table>[\s\S]*?<\/table>/g)!;
    expect(tables.length).toBe(6);
    for (const table of tables) {
      expect(table).toMatch(/^<table>\n<caption>[^<]+<\/caption>\n<thead><tr>(<th scope="col"[^>]*>[^<]*<\/th>)+<\/tr><\/thead>/);
      expect(count(table, /<tr><th scope="row"/g)).toBe(count(table, /<tr>/g) - 1);
    }
  });

  it('shows the figures: thresholds with their verdict, requests, statuses and latencies', () => {
    const page = perfHtml(closedRun(), FINISHED_AT);
    expect(page).toContain('<p class="fail">1 of 2 failed.</p>');
    expect(page).toContain('<tr><th scope="row">p95&lt;200</th><td class="pass">✓ pass</td><td class="number">44.44</td></tr>');
    expect(page).toContain('<tr><th scope="row">p999&lt;199.5</th><td class="fail">✗ fail</td><td class="number">199.6</td></tr>');
    expect(page).toContain('<tr><th scope="row">No answer: timeout</th><td class="number">3</td></tr>');
    expect(page).toContain('<tr><th scope="row">503</th><td class="number">48</td></tr>');
    expect(page).toContain(
      '<tr><th scope="row">all</th><td class="number">0.412</td><td class="number">12.3</td><td class="number">9.87</td><td class="number">31.2</td><td class="number">44.4</td><td class="number">120.6</td><td class="number">199.6</td><td class="number">1,235</td></tr>',
    );
    expect(page).toContain('<dt>Received</dt><dd>98.8 MB (8.23 MB/s)</dd>');
  });

  it('counts a WebSocket run in messages and replies, with no HTTP status', () => {
    const page = perfHtml(webSocketRun(), FINISHED_AT);
    expect(page).toContain('<dt>Messages</dt><dd>6,000 — 5,940 answered, 60 failed</dd><dt>Throughput</dt><dd>500 msg/s</dd>');
    expect(page).toContain('<section aria-labelledby="requests">\n<h2 id="requests">Messages</h2>');
    expect(page).toContain('<tr><th scope="row">No reply: timeout</th><td class="number">55</td></tr>');
    expect(page).toContain('Replies in each histogram bar');
    expect(svg(page, 'rps-over-time')).toContain('msg/s');
    expect(page.match(/<table>/g)).toHaveLength(5);
    expect(page).not.toMatch(/req\/s|Requests|Responses|responses|HTTP status/);
  });

  it('draws the latency histogram: one bar per bucket, heights in proportion, each with its figures', () => {
    const chart = svg(perfHtml(closedRun(), FINISHED_AT), 'latency-histogram');
    expect(chart).toContain('role="img" aria-labelledby="latency-histogram-title" aria-describedby="latency-histogram-desc"');
    expect(chart).toContain('<title id="latency-histogram-title">Latency histogram</title>');
    expect(chart).toContain(
      '<desc id="latency-histogram-desc">5,994 responses in 6 bars, from at most 1 ms to at most 1,235 ms; the tallest bar holds 2,400 responses of at most 10 ms.</desc>',
    );
    const bars = [...chart.matchAll(/<rect class="bar" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"><title>([^<]+)<\/title><\/rect>/g)];
    expect(bars.map((bar) => bar[3])).toEqual([
      'at most 1 ms: 100 responses',
      '1–5 ms: 1,500 responses',
      '5–10 ms: 2,400 responses',
      '10–50 ms: 1,800 responses',
      '50–200 ms: 190 responses',
      '200–1,235 ms: 4 responses',
    ]);
    // The y axis runs to 2,500: 2,400 responses fill 96% of the 188 px plot.
    const heights = bars.map((bar) => Number(bar[2]));
    expect(heights[2]).toBeCloseTo(188 * 0.96, 0);
    expect(heights[1]! / heights[2]!).toBeCloseTo(1500 / 2400, 2);
    expect(chart).toMatch(/>2,500<\/text>/);
    expect(chart).toContain('>latency, at most (ms)</text>');
    expect(chart).toContain('>responses</text>');
  });

  it('draws req/s and p95 over time as lines through every second', () => {
    const page = perfHtml(closedRun(), FINISHED_AT);
    const rps = svg(page, 'rps-over-time');
    expect(rps).toContain('<title id="rps-over-time-title">Requests per second over time</title>');
    expect(rps).toContain('Requests per second for each of 12 seconds: lowest 480, highest 524, mean 502.');
    const points = rps.match(/<polyline class="line" fill="none" points="([^"]+)"/)![1]!.split(' ');
    expect(points).toHaveLength(12);
    expect(count(rps, /<circle class="dot"/g)).toBe(12);
    const p95 = svg(page, 'p95-over-time');
    expect(p95).toContain('p95 latency for each of 12 seconds: lowest 40 ms, highest 51 ms, mean 45.5 ms.');
    expect(p95).toContain('>p95 (ms)</text>');
    expect(p95).toContain('>seconds since the start</text>');
  });

  it('gives every chart a caption and its figures as a table', () => {
    const page = perfHtml(openRun(), FINISHED_AT);
    expect(count(page, /<figure>\n<svg [^>]+>[\s\S]*?<\/svg>\n<figcaption>[^<]+<\/figcaption>\n<\/figure>/g)).toBe(3);
    expect(page).toContain('<caption>Responses in each histogram bar</caption>');
    expect(page).toContain("<caption>Second by second (5 seconds a row: req/s is their mean, p95 the worst second's, errors their sum)</caption>");
    expect(count(page.slice(page.indexOf('<caption>Second by second')), /<tr><th scope="row"/g)).toBe(60);
    // 300 points are drawn, without a dot each.
    expect(
      svg(page, 'rps-over-time')
        .match(/points="([^"]+)"/)![1]!
        .split(' '),
    ).toHaveLength(300);
    expect(count(svg(page, 'rps-over-time'), /<circle/g)).toBe(0);
  });

  it('says when the run was interrupted', () => {
    expect(perfHtml(openRun(), FINISHED_AT)).toContain('<p class="note" role="note"><strong>Interrupted:</strong> the run was stopped before its end');
    expect(perfHtml(closedRun(), FINISHED_AT)).not.toContain('role="note"');
  });

  it('escapes a hostile target everywhere it appears', () => {
    const page = perfHtml({ ...closedRun(), target: HOSTILE_TARGET }, FINISHED_AT);
    expect(page).not.toMatch(/<script|<img|onerror=alert\(2\)>/);
    expect(page).not.toContain('\u001B');
    const escaped = 'http://127.0.0.1/&lt;script&gt;alert(1)&lt;/script&gt;"\'&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;␛[31m|*_`';
    expect(page).toContain(`<title>Load test: ${escaped}</title>`);
    expect(page).toContain(`<h1>Load test: ${escaped}</h1>`);
    expect(page).toContain(`<dt>Target</dt><dd><code>${escaped}</code></dd>`);
  });

  it('escapes statuses and threshold expressions too, which come from outside', () => {
    const run = {
      ...closedRun(),
      requests: { ...closedRun().requests, by_status: { '<b>x</b>': 1 } },
      thresholds: [{ expr: 'p95<"><svg onload=x>', ok: true, actual: 1 }],
    };
    const page = perfHtml(run, FINISHED_AT);
    expect(page).toContain('<th scope="row">&lt;b&gt;x&lt;/b&gt;</th>');
    expect(page).toContain('<th scope="row">p95&lt;"&gt;&lt;svg onload=x&gt;</th>');
    expect(page).not.toContain('<svg onload');
  });

  it('draws empty charts when nothing was recorded', () => {
    const empty = { ...closedRun(), timeline: [], histogram: [] };
    const page = perfHtml(empty, FINISHED_AT);
    expect(count(page, /<text class="no-data"[^>]*>No data<\/text>/g)).toBe(3);
    expect(page).toContain('<desc id="latency-histogram-desc">No responses were recorded.</desc>');
    expect(page).toContain('<desc id="rps-over-time-desc">Requests per second: no seconds were recorded.</desc>');
  });
});
