import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../../src/capabilities/scan/engine/report/scan-html.js';
import { FINISHED_AT, scanResult } from './sample-scan-results.js';

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

function article(page: string, title: string): string {
  const start = page.lastIndexOf('<article', page.indexOf(`">${title}`));
  return page.slice(start, page.indexOf('</article>', start) + '</article>'.length);
}

describe('scanHtml', () => {
  it('is one self-contained page: inline style for both colour schemes, no script, nothing fetched', () => {
    const page = scanHtml(scanResult(), FINISHED_AT);
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(page).toMatch(/<style>[\s\S]+prefers-color-scheme: dark[\s\S]+--critical[\s\S]+<\/style>/);
    expect(page).not.toMatch(/<(script|link|img|iframe|object|embed)\b|<[a-z][^>]*\ssrc=|@import|url\(/i);
    // The only links are to the OWASP and CWE pages, followed only when the reader clicks.
    const links = [...page.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link).toMatch(/^https:\/\/(owasp\.org\/API-Security\/editions\/2023\/en\/0xa[1-9a]-[a-z-]+\/|cwe\.mitre\.org\/data\/definitions\/\d+\.html)$/);
  });

  it('has landmarks, headings and tables a screen reader can walk', () => {
    const page = scanHtml(scanResult(), FINISHED_AT);
    expect(page).toMatch(/<body>\n<header>\n<h1>Security scan: http:\/\/127\.0\.0\.1:4010<\/h1>[\s\S]*<\/header>\n<main>[\s\S]*<\/main>\n<\/body>/);
    expect(page).toContain('<title>Security scan: http://127.0.0.1:4010</title>');
    expect(page).toContain('<time datetime="2025-03-04T05:06:07.000Z">2025-03-04T05:06:07.000Z</time> · 1,234 requests · 11 checks');
    for (const id of ['summary', 'findings', 'checks', 'notes']) expect(page).toContain(`<section aria-labelledby="${id}">\n<h2 id="${id}">`);
    expect([...page.matchAll(/<h3 id="findings-(\w+)">([^<]+)<\/h3>/g)].map((match) => match[2])).toEqual([
      'Critical (2)',
      'High (3)',
      'Medium (2)',
      'Low (2)',
      'Info (2)',
    ]);
    const labels = [...page.matchAll(/<article class="finding (\w+)" aria-labelledby="([\w-]+)">\n<h4 id="([\w-]+)">/g)];
    expect(labels).toHaveLength(11);
    for (const [, , labelledBy, id] of labels) expect(labelledBy).toBe(id);
    expect(new Set(labels.map((match) => match[2])).size).toBe(11);
    const tables = page.match(/<table>[\s\S]*?<\/table>/g)!;
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table).toMatch(/^<table>\n<caption>[^<]+<\/caption>\n<thead><tr>(<th scope="col"[^>]*>[^<]*<\/th>)+<\/tr><\/thead>/);
      expect(count(table, /<tr><th scope="row"/g)).toBe(count(table, /<tr>/g) - 1);
    }
  });

  it('tallies by severity, named in words as well as coloured, and lists the checks that ran', () => {
    const page = scanHtml(scanResult(), FINISHED_AT);
    expect(page).toContain('<tr><th scope="row" class="severity critical">Critical</th><td class="number">2</td></tr>');
    expect(page).toContain('<tr><th scope="row" class="severity info">Info</th><td class="number">2</td></tr>');
    expect(page).toContain('<dt>Acting as</dt><dd>alice, bob</dd>');
    expect(page).toContain('<tr><th scope="row">bola</th><td>API1:2023 Broken Object Level Authorization</td><td>CWE-639</td><td class="number">2</td></tr>');
    expect(page).toContain(
      '<tr><th scope="row">sensitive_data</th><td>API3:2023 Broken Object Property Level Authorization</td><td>CWE-213</td><td class="number">0</td></tr>',
    );
  });

  it('gives each finding its severity, rule, OWASP entry, CWE, operation, evidence, curl line and remediation', () => {
    expect(article(scanHtml(scanResult(), FINISHED_AT), "alice reads bob's user")).toBe(
      [
        '<article class="finding critical" aria-labelledby="finding-1">',
        '<h4 id="finding-1">alice reads bob\'s user</h4>',
        '<dl class="facts"><dt>Severity</dt><dd><span class="severity">Critical</span></dd><dt>Rule</dt><dd><code>bola</code></dd>' +
          '<dt>OWASP</dt><dd><a href="https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/">API1:2023 Broken Object Level Authorization</a></dd>' +
          '<dt>CWE</dt><dd><a href="https://cwe.mitre.org/data/definitions/639.html">CWE-639</a></dd><dt>Operation</dt><dd><code>GET /users/{id}</code></dd></dl>',
        '<h5>Request</h5>',
        '<pre>GET http://127.0.0.1:4010/users/2\nauthorization: Bearer [masked: token of alice]</pre>',
        '<h5>Response</h5>',
        '<pre>HTTP 200 (12 ms)\ncontent-type: application/json\n\n{"id":2,"owner":"bob"}</pre>',
        '<h5>Reproduce</h5>',
        `<pre class="curl"># set AUTHORIZATION first (its value is masked here)\ncurl -sS -i 'http://127.0.0.1:4010/users/2' -H "authorization: Bearer $AUTHORIZATION"</pre>`,
        '<h5>Remediation</h5>',
        '<p>Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.</p>',
        '</article>',
      ].join('\n'),
    );
  });

  it('escapes hostile evidence, titles and notes: no tag of theirs survives, escapes are shown, no block is closed early', () => {
    const page = scanHtml(scanResult({ spec: 'Pet <b>Store</b>', target: 'http://127.0.0.1:4010/"><script>x</script>' }), FINISHED_AT);
    expect(page).not.toMatch(/<script|<img|<b>|<\/code><\/pre>|"><s/);
    expect(page).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
    expect(page).toContain('{"error":"&lt;script&gt;alert(1)&lt;/script&gt;","trace":"␛]0;pwned^G at ```js``` and ``````` | &lt;/pre&gt;&lt;/code&gt;"}</pre>');
    expect(page).toContain('<h4 id="finding-7">Stack trace from &lt;img src=x onerror=alert(1)&gt; `db` *bold*\nsecond line</h4>');
    expect(page).toContain('<li>bfla: &lt;b&gt;no admin operation&lt;/b&gt; ␛[2J in the spec</li>');
    expect(page).toContain('<dt>Spec</dt><dd>Pet &lt;b&gt;Store&lt;/b&gt;</dd>');
    expect(page).toContain('<h1>Security scan: http://127.0.0.1:4010/"&gt;&lt;script&gt;x&lt;/script&gt;</h1>');
    // Three blocks a finding, each closed by its own tag.
    expect(count(page, /<pre[ >]/g)).toBe(3 * 11);
    expect(count(page, /<\/pre>/g)).toBe(3 * 11);
  });

  it('says when nothing was found, nothing was left unchecked, and when the scan was stopped early', () => {
    const clean = scanHtml(scanResult({ findings: [], notes: [] }), FINISHED_AT);
    expect(clean).toContain('<h2 id="findings">Findings</h2>\n<p>None: no response proved a weakness.</p>\n</section>');
    expect(clean).toContain('<h2 id="notes">Not checked</h2>\n<p>The checks noted nothing they could not check.</p>');
    expect(clean).not.toContain('<article');
    expect(clean).not.toContain('Interrupted');
    expect(scanHtml(scanResult({ interrupted: true }), FINISHED_AT)).toContain(
      '<main>\n<p class="note" role="note"><strong>Interrupted:</strong> the scan was stopped before every check had run: the findings are those of the checks that ran, and the rest proved nothing.</p>',
    );
  });
});
