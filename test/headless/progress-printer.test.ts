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
});
