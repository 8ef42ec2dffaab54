import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { mixedRun, nastyRun } from './sample-runs.js';

function codeBlocks(markdown: string, lang: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.Code => token.type === 'code' && token.lang === lang)
    .map((token) => token.text);
}

describe('Markdown report', () => {
  it('opens with the summary and the findings by check', () => {
    const markdown = renderReport(mixedRun(), 'md');
    expect(markdown.split('\n').slice(0, 8)).toEqual([
      '# Test report: Petstore 1.0.0',
      '',
      '- Base URL: `http://127.0.0.1:4010`',
      '- Started: 2025-03-04T05:06:07.890Z',
      '- Duration: 1.2 s',
      '- Cases: 6 — 2 passed, 3 failed, 1 skipped',
      '- Operations covered: 4/5',
      '- Checks: `not_a_server_error`, `status_code_conformance`, `response_schema_conformance`, `negative_data_rejection`',
    ]);
    expect(markdown).toContain('| `negative_data_rejection` | 1 |');
    expect(markdown).toContain('| `request_error` | 1 |');
  });

  it('gives each failure its findings, request, response and a curl line', () => {
    const markdown = renderReport(mixedRun(), 'md');
    const section = markdown.slice(markdown.indexOf('### ✗ POST /pets'), markdown.indexOf('### ✗ GET /pets/{petId}'));
    expect(section).toContain('- Id: `createPet/negative/name-wrong-type`');
    expect(section).toContain('- Kind: negative — operation `createPet`');
    expect(section).toContain('- Mutation: name is a number instead of a string');
    expect(section).toContain('- `negative_data_rejection`: the API accepted an invalid request with 201 (name is a number instead of a string)');
    expect(section).toContain('**Response** — 201 Created in 20 ms');
    const [request, response] = codeBlocks(section, 'http');
    expect(request).toBe('POST http://127.0.0.1:4010/pets\ncontent-type: application/json\n\n{\n  "name": 42\n}');
    expect(response).toBe('HTTP 201 Created\ncontent-type: application/json\n\n{\n  "id": "seven",\n  "name": 42\n}');
    expect(codeBlocks(section, 'sh')).toEqual([
      `curl -sS -i -X POST 'http://127.0.0.1:4010/pets' -H 'content-type: application/json' --data-raw '{"name":42}'`,
    ]);
    expect(markdown).toContain('**Response** — none: the request got no answer');
  });

  it('lists skipped cases with their reasons and passed cases in a table', () => {
    const markdown = renderReport(mixedRun(), 'md');
    expect(markdown).toContain('## Skipped cases (1)\n\n- GET /pets/{petId} after delete (`getPet/stateful`): step 2 of chain "pet" failed');
    expect(markdown).toContain('## Passed cases (2)');
    expect(markdown).toContain('| GET /pets | `listPets/happy` | happy | 200 | 15 ms |');
    expect(markdown).toContain('| health probe | `health` | smoke | 200 | 2 ms |');
  });

  it('keeps markup, backtick fences and control characters from breaking the document, and cuts long bodies', () => {
    const markdown = renderReport(nastyRun(), 'md');
    const html = marked.parse(markdown, { async: false });
    expect(html).not.toContain('<tag');
    expect(html).toContain('<h3>✗ case &lt;tag attr=&quot;x&quot;&gt;&amp;amp; &#39;single&#39; &quot;double&quot; ]]&gt;');
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    // Every failure with a request still has its own curl block: no fence inside a body closed one early.
    const curls = codeBlocks(markdown, 'sh');
    expect(curls).toHaveLength(4);
    expect(curls[3]).toContain('``` fence ````');
    expect(curls[3]).toMatch(/END-OF-LONG-BODY'$/);
    const [request, response] = codeBlocks(markdown.slice(markdown.indexOf('### ✗ case')), 'http');
    for (const block of [request!, response!]) {
      expect(block).toContain('🦅 emoji, ``` fence ````');
      expect(block).not.toContain('END-OF-LONG-BODY');
      expect(block.length).toBeLessThan(4500);
    }
    expect(markdown.match(/_… cut: [\d,]+ more of [\d,]+ characters not shown_/g)).toHaveLength(2);
  });
});
