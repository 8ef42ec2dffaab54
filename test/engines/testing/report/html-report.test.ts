import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { mixedRun, nastyRun } from './sample-runs.js';

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

function article(page: string, heading: string): string {
  const start = page.indexOf(`<h3>✗ ${heading}`);
  return page.slice(start, page.indexOf('</article>', start));
}

describe('HTML report', () => {
  it('is one self-contained page: inline style, no scripts, nothing fetched', () => {
    const page = renderReport(mixedRun(), 'html');
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toMatch(/<style>[\s\S]+<\/style>/);
    expect(page).not.toMatch(/<script|<link|<img|\ssrc=|\shref=|@import|url\(/i);
  });

  it('puts the summary first: title, base URL, tally, coverage and findings by check', () => {
    const page = renderReport(mixedRun(), 'html');
    const summary = page.slice(0, page.indexOf('<article>'));
    expect(summary).toContain('<title>Test report: Petstore 1.0.0</title>');
    expect(summary).toContain('<h1>Test report: Petstore 1.0.0</h1>');
    expect(summary).toContain('Base URL <code>http://127.0.0.1:4010</code> · started 2025-03-04T05:06:07.890Z · took 1.2 s');
    for (const figure of ['6 cases', '2 passed', '3 failed', '1 skipped', 'operations covered 4/5']) expect(summary).toContain(`${figure}</span>`);
    expect(summary).toContain('<tr><td><code>status_code_conformance</code></td><td class="number">1</td></tr>');
  });

  it('shows each failure with its findings, full request and response, and a curl line to copy', () => {
    const page = renderReport(mixedRun(), 'html');
    const failure = article(page, 'POST /pets');
    expect(failure).toContain(
      '<li><code>negative_data_rejection</code> the API accepted an invalid request with 201 (name is a number instead of a string)</li>',
    );
    expect(failure).toContain('<dt>Mutation</dt><dd>name is a number instead of a string</dd>');
    expect(failure).toContain('<pre>POST http://127.0.0.1:4010/pets\ncontent-type: application/json</pre>');
    expect(failure).toContain('<pre>{\n  "name": 42\n}</pre>');
    expect(failure).toContain('<h4>Response — 201 Created in 20 ms</h4>');
    expect(failure).toContain('<pre>{\n  "id": "seven",\n  "name": 42\n}</pre>');
    expect(failure).toContain(
      `<pre class="curl">curl -sS -i -X POST 'http://127.0.0.1:4010/pets' -H 'content-type: application/json' --data-raw '{"name":42}'</pre>`,
    );
    expect(article(page, 'DELETE')).toContain('<h4>Response — none: the request got no answer</h4>');
  });

  it('lists skipped cases with reasons and passed cases compactly', () => {
    const page = renderReport(mixedRun(), 'html');
    expect(page).toContain('<li>GET /pets/{petId} after delete <code>getPet/stateful</code>: step 2 of chain "pet" failed</li>');
    expect(page).toContain(
      '<tr><td>GET /pets</td><td><code>listPets/happy</code></td><td>happy</td><td class="number">200</td><td class="number">15 ms</td></tr>',
    );
  });

  it('escapes everything it shows and keeps 100 KB bodies whole, folded', () => {
    const page = renderReport(nastyRun(), 'html');
    expect(page).not.toContain('<tag');
    expect(page).toContain('&lt;tag attr="x"&gt;&amp;amp;');
    expect(page).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/);
    expect(page).toContain('🦅 emoji');
    const failure = article(page, 'case &lt;tag');
    expect(failure).toMatch(/<details><summary>Request body \(102,738 characters\)<\/summary>\n<pre>&lt;tag[\s\S]*END-OF-LONG-BODY<\/pre>/);
    expect(failure).toMatch(/<details><summary>Response body \(102,738 characters\)<\/summary>\n<pre>&lt;tag[\s\S]*END-OF-LONG-BODY<\/pre>/);
    for (const tag of ['article', 'pre', 'details', 'table', 'ul', 'dl'])
      expect(count(page, new RegExp(`<${tag}[ >]`, 'g'))).toBe(count(page, new RegExp(`</${tag}>`, 'g')));
  });
});
