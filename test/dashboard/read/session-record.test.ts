import { mkdtemp, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSessionLines } from '../../../src/dashboard/read/session-lines.js';
import { transcriptItem } from '../../../src/dashboard/read/session-record.js';

const event = (value: unknown) => JSON.stringify({ kind: 'event', at: 'now', event: value });

describe('transcriptItem', () => {
  it('shows what the user typed, the thoughts, calls, approvals, results and answers', () => {
    expect(transcriptItem(JSON.stringify({ kind: 'message', role: 'user', content: 'why 500?' }))).toEqual({ kind: 'user', text: 'why 500?' });
    expect(transcriptItem(event({ type: 'tool_call', id: 'c1', name: 'http_request', args: { url: 'x' } }))).toEqual({
      kind: 'tool_call',
      id: 'c1',
      name: 'http_request',
      args: { url: 'x' },
    });
    expect(
      transcriptItem(
        event({
          type: 'confirmation_required',
          id: 'c2',
          tool: 'edit_file',
          title: 'change a.ts',
          preview: { kind: 'diff', path: 'a.ts', diff: '-a\n+b', isNew: false },
        }),
      ),
    ).toEqual({
      kind: 'confirmation',
      tool: 'edit_file',
      title: 'change a.ts',
      preview: { kind: 'diff', path: 'a.ts', diff: '-a\n+b' },
    });
    expect(transcriptItem(event({ type: 'confirmation_resolved', id: 'c2', approved: false }))).toEqual({ kind: 'decision', approved: false });
    expect(transcriptItem(event({ type: 'tool_result', id: 'c1', name: 'http_request', ok: true, output: 'HTTP 200', durationMs: 5 }))).toMatchObject({
      kind: 'tool_result',
      ok: true,
      output: 'HTTP 200',
    });
    expect(transcriptItem(event({ type: 'answer', text: 'Done.' }))).toEqual({ kind: 'answer', text: 'Done.' });
    expect(transcriptItem(JSON.stringify({ kind: 'message', role: 'assistant', content: 'half a rep', interrupted: true }))).toEqual({
      kind: 'interrupted',
      text: 'half a rep',
    });
  });

  it('notes a reply whose call could not be read in one line, and leaves one that named a tool to its failed call', () => {
    const problem = 'the <tool_call> block holds no call that can be read; write ACTION: tool_name({"key": "value"}) with a tool from the list';
    expect(transcriptItem(event({ type: 'call_unreadable', reply: '<tool_call><tool_call>', problem }))).toEqual({
      kind: 'note',
      text: 'The model’s tool call could not be read (the <tool_call> block holds no call that can be read); it was asked again.',
    });
    expect(transcriptItem(event({ type: 'call_unreadable', reply: 'ACTION: read_file({', problem: 'not closed', tool: 'read_file' }))).toBeUndefined();
  });

  it('leaves out the observations sent back as user messages, the replies the events already show, usage and turn starts', () => {
    expect(transcriptItem(JSON.stringify({ kind: 'message', role: 'user', content: 'Observation: HTTP 200' }))).toBeUndefined();
    expect(transcriptItem(JSON.stringify({ kind: 'message', role: 'assistant', content: 'Final Answer: x' }))).toBeUndefined();
    expect(transcriptItem(event({ type: 'usage', inputTokens: 1, outputTokens: 1 }))).toBeUndefined();
    expect(transcriptItem(event({ type: 'turn_start', turn: 1 }))).toBeUndefined();
  });

  it("keeps a result's details for the page when they read as a known kind, and leaves them out otherwise", () => {
    const details = { kind: 'test_run', passed: 3, failed: 1, skipped: 0, durationMs: 900 };
    const result = (value: unknown) =>
      transcriptItem(event({ type: 'tool_result', id: 'c1', name: 'run_tests', ok: true, output: 'x', durationMs: 5, details: value }));
    expect(result(details)).toEqual({ kind: 'tool_result', name: 'run_tests', ok: true, output: 'x', durationMs: 5, details });
    expect(result({ kind: 'test_run', passed: 'all' })).toEqual({ kind: 'tool_result', name: 'run_tests', ok: true, output: 'x', durationMs: 5 });
    expect(transcriptItem(event({ type: 'tool_result', id: 'c1', name: 'bash', ok: true, output: 'x', durationMs: 5 }))).not.toHaveProperty('details');
  });

  it('marks a line cut short or of another shape unreadable, and fills missing fields with nothing', () => {
    expect(transcriptItem('{"kind": "event", "event": {"ty')).toEqual({ kind: 'unreadable' });
    expect(transcriptItem('[1]')).toEqual({ kind: 'unreadable' });
    expect(transcriptItem(JSON.stringify({ kind: 'message', role: 'user', content: 7 }))).toEqual({ kind: 'unreadable' });
    expect(transcriptItem(event({ type: 'tool_result', name: 5 }))).toEqual({ kind: 'tool_result', name: '', ok: false, output: '', durationMs: 0 });
  });
});

describe('readSessionLines', () => {
  it('reads whole lines from a byte offset and leaves a line still being written for the next read', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'falcon-session-lines-')), 's.jsonl');
    expect(await readSessionLines(file)).toBeUndefined();
    await writeFile(file, '{"a":"é"}\n\n{"b":');
    const first = await readSessionLines(file);
    expect(first).toEqual({ lines: [{ text: '{"a":"é"}', end: 11 }], offset: 12 });
    await appendFile(file, '2}\n');
    expect(await readSessionLines(file, first!.offset)).toEqual({ lines: [{ text: '{"b":2}', end: 20 }], offset: 20 });
    expect(await readSessionLines(file, 20)).toEqual({ lines: [], offset: 20 });
  });
});
