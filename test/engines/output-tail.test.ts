import { describe, expect, it } from 'vitest';
import { OutputTail, TAIL_MAX_BYTES } from '../../src/engines/exec/output-tail.js';

function feed(text: string, chunkSize: number): OutputTail {
  const tail = new OutputTail();
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) tail.push(bytes.subarray(i, i + chunkSize));
  return tail;
}

describe('OutputTail', () => {
  it('keeps whole last lines when early chunks are dropped', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`);
    const { text, omittedLines } = feed(`${lines.join('\n')}\n`, 1000).tail();
    expect(text.split('\n')).toEqual(lines.slice(-200));
    expect(omittedLines).toBe(19_800);
  });

  it('shows the end of one endless line, marked as cut', () => {
    const { text, omittedLines } = feed('y'.repeat(100_000), 1000).tail();
    expect(text).toBe(`…${'y'.repeat(TAIL_MAX_BYTES / 2)}`);
    expect(omittedLines).toBe(0);
  });

  it('is empty for no output', () => {
    expect(new OutputTail().tail()).toEqual({ text: '', omittedLines: 0 });
  });
});
