import { describe, expect, it } from 'vitest';
import { transcriptEntry } from '../../../src/dashboard/pages/transcript-entry.js';

const HOSTILE = '<script>alert(1)</script> \u001b]0;pwned\u0007 \u202Eevil & "quotes"';

describe('transcriptEntry', () => {
  it('escapes markup and shows escape sequences and bidi controls as visible text', () => {
    const html = transcriptEntry({ kind: 'user', text: HOSTILE });
    expect(html).toBe(
      '<li class="entry entry-user"><h3>You</h3><p>&lt;script&gt;alert(1)&lt;/script&gt; ␛]0;pwned^G &lt;U+202E&gt;evil &amp; "quotes"</p></li>',
    );
    for (const item of [
      { kind: 'tool_call' as const, id: 'c', name: HOSTILE, args: { url: HOSTILE } },
      { kind: 'tool_result' as const, name: HOSTILE, ok: false, output: HOSTILE, durationMs: 3 },
      { kind: 'answer' as const, text: HOSTILE },
      { kind: 'confirmation' as const, tool: 't', title: HOSTILE, preview: { kind: 'command' as const, command: HOSTILE } },
    ]) {
      const rendered = transcriptEntry(item);
      expect(rendered).not.toMatch(/<script|\u001b|\u0007|\u202E/);
    }
  });

  it('keeps a diff’s + and - beside the colours', () => {
    const html = transcriptEntry({
      kind: 'confirmation',
      tool: 'edit_file',
      title: 'change a.ts',
      preview: { kind: 'diff', path: 'a.ts', diff: '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new\n same' },
    });
    expect(html).toContain(
      '<pre class="diff">--- a/a.ts\n+++ b/a.ts\n<span class="hunk">@@ -1 +1 @@</span>\n<span class="removed">-old</span>\n<span class="added">+new</span>\n same</pre>',
    );
  });

  it('says how a call went, and folds a long output whole', () => {
    expect(transcriptEntry({ kind: 'tool_result', name: 'bash', ok: false, output: 'exit 1', durationMs: 2500 })).toContain(
      '<h3>✗ Result of bash (2.5 s)</h3><pre>exit 1</pre>',
    );
    const long = transcriptEntry({ kind: 'tool_result', name: 'read_file', ok: true, output: 'x'.repeat(5000), durationMs: 1 });
    expect(long).toContain('<details><summary>Output (5,000 characters)</summary><pre>');
    expect(long).toContain('x'.repeat(5000));
    expect(transcriptEntry({ kind: 'run_end', reason: 'answer', turns: 1, toolCalls: 2 })).toContain('Run ended (answer): 1 turn, 2 tool calls');
  });

  it("shows a result's facts under its heading, escaped", () => {
    const html = transcriptEntry({
      kind: 'tool_result',
      name: 'http_request',
      ok: true,
      output: 'HTTP 404 Not Found · 41 ms · 20 B',
      durationMs: 43,
      details: { kind: 'http_response', status: 404, statusText: 'Not <Found>', durationMs: 41, sizeBytes: 20, contentType: 'application/json' },
    });
    expect(html).toContain('<h3>✓ Result of http_request (43 ms)</h3><p class="result-facts">404 Not &lt;Found&gt; · 41 ms · 20 B json</p><pre>');
  });
});
