import { describe, it, expect } from 'vitest';
import { createThinkingStream } from '../../src/agent/reply/thinking-stream.js';
import { splitThinking, stripThinking } from '../../src/agent/reply/thinking.js';

interface Routed {
  text: string;
  thinking: string;
  blocksEnded: number;
  inThinking: boolean;
}

function stream(deltas: string[]): Routed {
  const routed = { text: '', thinking: '', blocksEnded: 0 };
  const splitter = createThinkingStream({
    onText: (text) => (routed.text += text),
    onThinking: (text) => (routed.thinking += text),
    onThinkingEnd: () => (routed.blocksEnded += 1),
  });
  for (const delta of deltas) splitter.push(delta);
  splitter.end();
  return { ...routed, inThinking: splitter.inThinking };
}

function everySplit(text: string): string[][] {
  return Array.from({ length: text.length - 1 }, (_, i) => [text.slice(0, i + 1), text.slice(i + 1)]);
}

describe('createThinkingStream', () => {
  it('routes a think block to onThinking and the rest to onText, without the tags', () => {
    expect(stream(['<think>plan</think>Thought: go'])).toEqual({
      text: 'Thought: go',
      thinking: 'plan',
      blocksEnded: 1,
      inThinking: false,
    });
  });

  it.each(everySplit('a<think>b</think>c'))('finds tags split across deltas: %j + %j', (first, second) => {
    expect(stream([first, second])).toMatchObject({ text: 'ac', thinking: 'b' });
  });

  it('finds tags arriving one character at a time', () => {
    expect(stream([...'x<thinking>deep</thinking>y'])).toMatchObject({ text: 'xy', thinking: 'deep' });
  });

  it.each([
    ['[THINK]r[/THINK]t', 'Magistral'],
    ['<|channel|>analysis<|message|>r<|end|><|start|>assistant<|channel|>final<|message|>t<|return|>', 'gpt-oss harmony'],
    ['<|channel>thought\nr<channel|>t', 'Gemma 4'],
  ])('knows %j (%s)', (reply) => {
    const routed = stream([reply]);
    expect(routed.text).toBe('t');
    expect(routed.thinking.trim()).toBe('r');
  });

  it('holds back a possible tag until it is whole, and flushes it as text at the end', () => {
    const pieces: string[] = [];
    const splitter = createThinkingStream({ onText: (text) => pieces.push(text), onThinking: () => undefined });
    splitter.push('a <');
    expect(pieces).toEqual(['a ']);
    splitter.push('b');
    expect(pieces).toEqual(['a ', '<b']);
    splitter.push(' <thi');
    splitter.end();
    expect(pieces.join('')).toBe('a <b <thi');
  });

  it('reports an open block and sends what follows the opener as thinking', () => {
    expect(stream(['Thought: x\n<think>still going'])).toMatchObject({
      text: 'Thought: x\n',
      thinking: 'still going',
      blocksEnded: 0,
      inThinking: true,
    });
  });

  it('drops a lone closer; the text before it has already gone out as text', () => {
    expect(stream(['reasoning', '</think>', 'answer'])).toMatchObject({ text: 'reasoninganswer', thinking: '' });
  });

  it('leaves a tag quoted in backticks as text', () => {
    expect(stream(['Models write `<think>` first.'])).toMatchObject({ text: 'Models write `<think>` first.', thinking: '' });
  });

  // No clock: routing slower than linear would take minutes over a megabyte and fail on the test's timeout.
  it('keeps up with 1 MB streamed in small deltas', () => {
    const body = 'word '.repeat(100_000);
    const deltas = `<think>${body}</think>${body}`.match(/[\s\S]{1,3}/g) ?? [];
    const routed = stream(deltas);
    expect(routed.thinking).toBe(body);
    expect(routed.text).toBe(body);
  });
});

describe('splitThinking', () => {
  it('returns the text alone when there is no reasoning', () => {
    expect(splitThinking('Final Answer: ok')).toEqual({ text: 'Final Answer: ok', unclosed: false });
  });

  it('joins several blocks with blank lines and skips empty ones', () => {
    expect(splitThinking('<think> a </think>x<think></think>y<thinking>\nb\n</thinking>z')).toEqual({
      thinking: 'a\n\nb',
      text: 'xyz',
      unclosed: false,
    });
  });

  it('takes everything before a lone closer as thinking', () => {
    expect(splitThinking('first\n</think>\n\nACTION: x({})')).toEqual({
      thinking: 'first',
      text: '\n\nACTION: x({})',
      unclosed: false,
    });
  });

  it('does not take a closer after an opener for a lone one', () => {
    expect(splitThinking('<think>a</think>b</think>c')).toEqual({ thinking: 'a', text: 'bc', unclosed: false });
  });

  it('marks a reply that ends inside a block', () => {
    expect(splitThinking('x<think>y')).toEqual({ thinking: 'y', text: 'x', unclosed: true });
  });

  it('reads gpt-oss channels whose special tokens the server stripped', () => {
    expect(splitThinking('analysisShort one.assistantfinalDone.')).toEqual({
      thinking: 'Short one.',
      text: 'Done.',
      unclosed: false,
    });
  });
});

describe('stripThinking', () => {
  it('keeps only the visible text, trimmed', () => {
    expect(stripThinking('<think>\nplan\n</think>\n\nFinal Answer: ok\n')).toBe('Final Answer: ok');
    expect(stripThinking('plan\n</think>\nACTION: list_files({})')).toBe('ACTION: list_files({})');
  });
});
