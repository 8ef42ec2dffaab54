import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { scanMarkdown } from '../../../../../src/capabilities/scan/engine/report/scan-markdown.js';
import { FINISHED_AT, HOSTILE_BODY, scanResult } from './sample-scan-results.js';

/** Every token, nested ones included. */
function allTokens(tokens: Token[]): Token[] {
  return tokens.flatMap((token) => {
    const children = [...('tokens' in token && token.tokens ? token.tokens : []), ...('items' in token ? (token.items as Token[]) : [])];
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      children.push(...[...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens));
    }
    return [token, ...allTokens(children)];
  });
}

function cells(table: Tokens.Table): string[][] {
  return [table.header.map((cell) => cell.text), ...table.rows.map((row) => row.map((cell) => cell.text))];
}

function tables(markdown: string): Tokens.Table[] {
  return marked.lexer(markdown).filter((token): token is Tokens.Table => token.type === 'table');
}

function headings(markdown: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.Heading => token.type === 'heading')
    .map((heading) => `${'#'.repeat(heading.depth)} ${heading.text}`);
}

describe('scanMarkdown', () => {
  it('opens with the target, the spec, who the scan acted as, when it finished and what it sent', () => {
    expect(scanMarkdown(scanResult(), FINISHED_AT).split('\n').slice(0, 9)).toEqual([
      '# Security scan: http://127.0.0.1:4010',
      '',
      '- Target: `http://127.0.0.1:4010`',
      '- Spec: Pet Store',
      '- Acting as: alice, bob',
      '- Finished: 2025-03-04T05:06:07.000Z',
      '- Sent: 1,234 requests',
      '',
      '## Summary',
    ]);
    expect(scanMarkdown(scanResult({ identities: [], requests: 1 }), FINISHED_AT)).toContain(
      '- Acting as: no one (no credentials were given)\n- Finished: 2025-03-04T05:06:07.000Z\n- Sent: 1 request\n',
    );
  });

  it('tallies the findings by severity, worst first, then the checks that ran with their OWASP entry, CWE and findings', () => {
    const [summary, checks] = tables(scanMarkdown(scanResult(), FINISHED_AT));
    expect(cells(summary!)).toEqual([
      ['Severity', 'Findings'],
      ['Critical', '2'],
      ['High', '3'],
      ['Medium', '2'],
      ['Low', '2'],
      ['Info', '2'],
    ]);
    expect(cells(checks!).slice(0, 4)).toEqual([
      ['Check', 'OWASP', 'CWE', 'Findings'],
      ['`bola`', 'API1:2023 Broken Object Level Authorization', 'CWE-639', '2'],
      ['`broken_auth`', 'API2:2023 Broken Authentication', 'CWE-287', '1'],
      ['`sensitive_data`', 'API3:2023 Broken Object Property Level Authorization', 'CWE-213', '0'],
    ]);
    expect(checks!.rows).toHaveLength(scanResult().checks.length);
  });

  it('groups the findings by severity, worst first, each under its title', () => {
    expect(headings(scanMarkdown(scanResult(), FINISHED_AT))).toEqual([
      '# Security scan: http://127.0.0.1:4010',
      '## Summary',
      '## Findings',
      '### Critical (2)',
      "#### alice reads bob's user",
      '#### A quote in q brings back a database error',
      '### High (3)',
      "#### alice reads bob's order",
      '#### Answers 200 with no token',
      '#### role sent in an update is stored',
      '### Medium (2)',
      '#### Any origin is reflected with credentials',
      '#### Stack trace from \\<img src=x onerror=alert(1)\\> \\`db\\` \\*bold\\* second line',
      '### Low (2)',
      '#### No X-Content-Type-Options: nosniff',
      '#### TRACE echoes the request',
      '### Info (2)',
      '#### /actuator answers 200 and is not in the spec',
      '#### 20 failed logins answered without a 429',
      '## Left on the API',
      '## Checks run (11)',
      '## Not checked',
    ]);
  });

  it('gives each finding its rule, OWASP entry and CWE with their pages, its operation, evidence, curl line and remediation', () => {
    const markdown = scanMarkdown(scanResult(), FINISHED_AT);
    const first = markdown.slice(markdown.indexOf("#### alice reads bob's user"), markdown.indexOf('#### A quote'));
    expect(first).toBe(
      [
        "#### alice reads bob's user",
        '',
        '- Rule: `bola` — OWASP [API1:2023 Broken Object Level Authorization](https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/), [CWE-639](https://cwe.mitre.org/data/definitions/639.html)',
        '- Operation: `GET /users/{id}`',
        '',
        '**Request**',
        '',
        '```http',
        'GET http://127.0.0.1:4010/users/2',
        'authorization: Bearer [masked: token of alice]',
        '```',
        '',
        '**Response**',
        '',
        '```http',
        'HTTP 200 (12 ms)',
        'content-type: application/json',
        '',
        '{"id":2,"owner":"bob"}',
        '```',
        '',
        '**Reproduce**',
        '',
        '```sh',
        '# set AUTHORIZATION first (its value is masked here)',
        `curl -sS -i 'http://127.0.0.1:4010/users/2' -H "authorization: Bearer $AUTHORIZATION"`,
        '```',
        '',
        '**Remediation:** Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.',
        '',
        '',
      ].join('\n'),
    );
  });

  it('keeps hostile evidence inside its code block: backticks never close it, escapes are shown, nothing becomes markup', () => {
    const markdown = scanMarkdown(scanResult(), FINISHED_AT);
    const tokens = allTokens(marked.lexer(markdown));
    expect(tokens.filter((token) => token.type === 'html')).toEqual([]);
    const hostile = tokens.find((token): token is Tokens.Code => token.type === 'code' && token.text.includes('<script>'))!;
    expect(hostile.lang).toBe('http');
    expect(hostile.text).toBe(`HTTP 200 (12 ms)\ncontent-type: application/json\n\n${HOSTILE_BODY.replace('\u001B', '␛').replace('\u0007', '^G')}`);
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
    const html = marked.parse(markdown, { async: false });
    expect(html).not.toMatch(/<(script|img|b)[\s>]/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Stack trace from &lt;img src=x onerror=alert(1)&gt; `db` *bold* second line');
  });

  it('lists what could not be checked, escaped, or says there was nothing', () => {
    const markdown = scanMarkdown(scanResult(), FINISHED_AT);
    expect(markdown.endsWith('## Not checked\n\n- ssrf: no operation takes a URL\n- bfla: \\<b\\>no admin operation\\</b\\> ␛\\[2J in the spec\n')).toBe(true);
    expect(scanMarkdown(scanResult({ notes: [] }), FINISHED_AT).endsWith('## Not checked\n\nThe checks noted nothing they could not check.\n')).toBe(true);
  });

  it('says when nothing was found, and when the scan was stopped early', () => {
    const clean = scanMarkdown(scanResult({ findings: [] }), FINISHED_AT);
    expect(clean).toContain('## Findings\n\nNone: no response proved a weakness.\n\n## Left on the API\n\nNothing: every field');
    expect(
      cells(tables(clean)[0]!)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['0', '0', '0', '0', '0']);
    expect(clean).not.toContain('Interrupted');
    expect(scanMarkdown(scanResult({ interrupted: true }), FINISHED_AT)).toContain(
      '- Sent: 1,234 requests\n\n> **Interrupted:** the scan was stopped before every check had run: the findings are those of the checks that ran, and the rest proved nothing.\n\n## Summary',
    );
  });
});
