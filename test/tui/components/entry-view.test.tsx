import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { EntryView } from '../../../src/tui/components/entry-view.js';
import { httpRequestTool } from '../../../src/capabilities/requests/tools/http-request.js';
import type { Entry } from '../../../src/tui/state/view-state.js';
import { BOLD, CYAN, DIM, GREEN, RED, YELLOW, stripAnsi, useColourLevel } from './terminal-output.js';

function show(entry: Entry, { width = 60, showThoughts = true } = {}) {
  const { lastFrame, unmount } = render(<EntryView entry={entry} width={width} showThoughts={showThoughts} expanded={false} />);
  const frame = lastFrame() ?? '';
  unmount();
  return { frame, text: stripAnsi(frame) };
}

describe('EntryView', () => {
  useColourLevel(1);

  it('shows a user message after a marker, wrapped to the width', () => {
    const { text } = show({ kind: 'user', id: 'e0', text: 'why does POST /users return 500 for long names?' }, { width: 24 });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^› why does POST/);
    expect(lines.every((line) => line.length <= 24)).toBe(true);
    expect(text.replace(/\s+/g, ' ')).toContain('for long names?');
  });

  it('shows a thought dimmed, whole or collapsed to its first line', () => {
    const entry: Entry = { kind: 'thought', id: 'e0', text: 'I should call the endpoint.\nThen read the handler.' };
    const shown = show(entry);
    expect(shown.text).toContain('Then read the handler.');
    expect(shown.frame).toContain(DIM);
    const collapsed = show(entry, { showThoughts: false });
    expect(collapsed.text.trim()).toBe('I should call the endpoint. …');
  });

  it('shows a tool call on one line and the gist of its observation under it', () => {
    const { text, frame } = show({
      kind: 'tool',
      id: 'e0',
      name: 'http_request',
      label: httpRequestTool.describe({ method: 'GET', url: 'http://localhost:3000/users' }),
      ok: true,
      durationMs: 120,
      output: '\n{\nHTTP 200 OK · 12 ms · 1.2 KB\n[{"id":1}]',
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('✓ http_request GET http://localhost:3000/users · 120 ms');
    expect(lines[1]).toBe('  ⎿ HTTP 200 OK · 12 ms · 1.2 KB');
    expect(frame).toContain(`${GREEN}✓`);
    expect(frame).toContain(`${BOLD}http_request`);
  });

  it("shows the facts its tool gave of the result under the call, not the observation's text", () => {
    const { text, frame } = show({
      kind: 'tool',
      id: 'e0',
      name: 'http_request',
      label: httpRequestTool.describe({ method: 'GET', url: 'http://localhost:3000/users' }),
      ok: true,
      durationMs: 45,
      output: 'HTTP 200 OK · 41 ms · 1.2 KB\n\n[{"id":1}]',
      details: { kind: 'http_response', status: 200, statusText: 'OK', durationMs: 41, sizeBytes: 1229, contentType: 'application/json' },
    });
    expect(text.split('\n')[1]).toBe('  ⎿ 200 OK · 41 ms · 1.2 KB json');
    expect(frame).toContain(`${GREEN}200 OK`);
  });

  it.each([
    [
      { kind: 'http_response', status: 503, statusText: 'Service Unavailable', durationMs: 9, sizeBytes: 0, contentType: '' },
      '503 Service Unavailable · 9 ms · empty',
      '503 Service Unavailable',
    ],
    [{ kind: 'command', exitCode: 1, durationMs: 2300 }, 'exit 1 · 2.3 s', 'exit 1'],
    [{ kind: 'test_run', passed: 12, failed: 1, skipped: 0, durationMs: 3100 }, '12 passed · 1 failed · 3.1 s', '1 failed'],
  ] as const)('colours what went wrong in the result line: %j', (details, line, red) => {
    const { text, frame } = show({ kind: 'tool', id: 'e0', name: 'bash', label: 'bash npm test', ok: true, durationMs: 2400, output: 'whatever', details });
    expect(text.split('\n')[1]).toBe(`  ⎿ ${line}`);
    expect(frame).toContain(`${RED}${red}`);
  });

  it('shows a file read, a change and a search by their facts', () => {
    const line = (details: Extract<Entry, { kind: 'tool' }>['details']) =>
      show({ kind: 'tool', id: 'e0', name: 'read_file', label: 'read_file x', ok: true, durationMs: 3, output: '    1  x', details }).text.split('\n')[1];
    expect(line({ kind: 'file_read', path: 'src/app.ts', firstLine: 1, lastLine: 120, totalLines: 340 })).toBe('  ⎿ src/app.ts · lines 1–120 of 340');
    expect(line({ kind: 'file_change', path: 'src/app.ts', created: false, linesAdded: 3, linesRemoved: 1 })).toBe('  ⎿ src/app.ts · +3 −1');
    expect(line({ kind: 'found', count: 14, noun: 'match', files: 5 })).toBe('  ⎿ 14 matches in 5 files');
  });

  it('marks a failed tool call with a red ✗ and shortens long calls to one line', () => {
    const { text, frame } = show(
      {
        kind: 'tool',
        id: 'e0',
        name: 'http_request',
        label: httpRequestTool.describe({ method: 'POST', url: `http://localhost:3000/${'x'.repeat(80)}`, body: 'a\nb' }),
        ok: false,
        durationMs: 2500,
        output: 'connect ECONNREFUSED 127.0.0.1:3000',
      },
      { width: 50 },
    );
    expect(frame).toContain(`${RED}✗`);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^✗ http_request POST http:\/\/localhost:3000\S*… · 2\.5 s$/);
    expect(lines[0]!.length).toBeLessThanOrEqual(50);
    expect(lines[1]).toBe('  ⎿ connect ECONNREFUSED 127.0.0.1:3000');
  });

  it('renders an answer as Markdown without trailing blank lines', () => {
    const { text, frame } = show({ kind: 'answer', id: 'e0', text: 'The handler is **fine**.\n\n- one\n- two', continues: false });
    expect(text).toContain('The handler is fine.');
    expect(text).toContain('* one');
    expect(frame).toContain(`${BOLD}fine`);
    expect(text.split('\n').at(-1)?.trim()).toBe('');
    expect(text.split('\n').at(-2)?.trim()).toBe('* two');
  });

  it('shows notices by tone: info dim, warning ⚠ yellow, error ✗ red', () => {
    expect(show({ kind: 'notice', id: 'e0', tone: 'info', text: 'Interrupted.' }).frame).toContain(`${DIM}Interrupted.`);
    const warning = show({ kind: 'notice', id: 'e0', tone: 'warning', text: 'Retrying in 2.0 s (attempt 1): 429' });
    expect(warning.frame).toContain(`${YELLOW}⚠ Retrying in 2.0 s`);
    const error = show({ kind: 'notice', id: 'e0', tone: 'error', text: 'model not found' });
    expect(error.frame).toContain(`${RED}✗ model not found`);
  });

  it('pretty-prints and highlights JSON output under its title', () => {
    const { text, frame } = show({
      kind: 'output',
      id: 'e0',
      title: 'http_request output',
      text: '{"id":1,"name":"Ada","admin":false,"team":null}',
      format: 'text',
    });
    expect(text).toContain('http_request output\n{\n  "id": 1,\n  "name": "Ada",\n  "admin": false,\n  "team": null\n}');
    expect(frame).toContain(`${CYAN}"id"`);
    expect(frame).toContain(`${GREEN}"Ada"`);
    expect(frame).toContain(`${YELLOW}1`);
    expect(frame).toContain('\u001b[35mfalse');
  });

  it('shows text output as it is and markdown output rendered', () => {
    expect(show({ kind: 'output', id: 'e0', title: 'Env', text: 'BASE_URL=http://x\n', format: 'text' }).text).toContain('Env\nBASE_URL=http://x');
    const markdown = show({ kind: 'output', id: 'e0', title: 'Help', text: '# Commands\n\n`/model`', format: 'markdown' });
    expect(markdown.text).not.toContain('#');
    expect(markdown.text).toContain('Commands');
  });

  it('shows decisions with a green ✓ or a red ✗', () => {
    const approved = show({ kind: 'decision', id: 'e0', title: 'change src/app.ts', approved: true });
    expect(approved.text.trim()).toBe('✓ approved: change src/app.ts');
    expect(approved.frame).toContain(`${GREEN}✓`);
    const declined = show({ kind: 'decision', id: 'e0', title: 'run npm test', approved: false });
    expect(declined.text.trim()).toBe('✗ declined: run npm test');
    expect(declined.frame).toContain(`${RED}✗`);
  });
});
