import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from '../../src/headless/progress-printer.js';

function printed(events: Parameters<ReturnType<typeof createProgressPrinter>>[0][]): string {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream;
  let text = '';
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
  const print = createProgressPrinter(stream);
  for (const event of events) print(event);
  return text;
}

describe('the progress lines of falcon -p on a terminal', () => {
  it('says in one line that a call could not be read, without the markup the model wrote', () => {
    const problem = 'the <|tool_call_start|> token holds no call that can be read; write ACTION: tool_name({"key": "value"}) with a tool from the list';
    const text = printed([{ type: 'call_unreadable', reply: '<|tool_call_start|>[\n\u001b[2Jnot a call', problem }]);
    expect(text).toBe("⚠ could not read the model's tool call: the <|tool_call_start|> token holds no call that can be read; asked again\n");
  });

  it('leaves a call that named a tool to its own failed call line', () => {
    expect(printed([{ type: 'call_unreadable', reply: 'ACTION: read_file({', problem: 'not closed', tool: 'read_file' }])).toBe('');
  });

  it("prints a call as its tool describes it, a sub-agent's under its name, and an older session's by its arguments", () => {
    const text = printed([
      { type: 'tool_call', id: 't1', name: 'falcon_read', args: { path: 'flows/login.yaml' }, label: 'falcon_read .falcon/flows/login.yaml' },
      {
        type: 'subagent',
        agent: 'scout#1',
        profile: 'scout',
        event: { type: 'tool_call', id: 't2', name: 'glob', args: { pattern: '**/*.ts' }, label: 'glob **/*.ts' },
      },
      { type: 'tool_call', id: 't3', name: 'http_request', args: { method: 'GET', url: `http://localhost:3000/${'x'.repeat(120)}` } },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('● falcon_read .falcon/flows/login.yaml');
    expect(lines[1]).toBe('  ↳ scout#1 ● glob **/*.ts');
    expect(lines[2]).toMatch(/^● http_request GET http:\/\/localhost:3000\/x+…$/);
    expect(lines[2]!.length).toBe('● '.length + 100);
  });
});

describe('the result line of falcon -p on a terminal', () => {
  const result = (details?: Extract<Parameters<ReturnType<typeof createProgressPrinter>>[0], { type: 'tool_result' }>['details']) =>
    printed([
      { type: 'tool_result', id: 't1', name: 'tool', ok: true, output: 'HTTP 200 OK · 41 ms · 1.2 KB\n\n{}', durationMs: 43, ...(details && { details }) },
    ]);

  it("says what its tool gave of the result, the call's time where the facts do not say it", () => {
    expect(result({ kind: 'http_response', status: 200, statusText: 'OK', durationMs: 41, sizeBytes: 1229, contentType: 'application/json' })).toBe(
      '  ✓ 200 OK · 41 ms · 1.2 KB json\n',
    );
    expect(result({ kind: 'command', exitCode: 2, durationMs: 1500 })).toBe('  ✓ exit 2 · 1.5 s\n');
    expect(result({ kind: 'file_read', path: 'src/app.ts', firstLine: 1, lastLine: 40, totalLines: 40 })).toBe('  ✓ src/app.ts · 40 lines · 43 ms\n');
    expect(result({ kind: 'found', count: 3, noun: 'match', files: 2 })).toBe('  ✓ 3 matches in 2 files · 43 ms\n');
  });

  it("gives a result without details its call's time, as before", () => {
    expect(result()).toBe('  ✓ 43 ms\n');
  });
});
