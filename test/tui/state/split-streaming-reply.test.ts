import { describe, expect, it } from 'vitest';
import { splitStreamingReply, splitWholeReply } from '../../../src/tui/state/split-streaming-reply.js';

/** Pieces replies are made of, markers and calls in the shapes models write them included. */
const PIECES = [
  'Thought: ',
  'thought:',
  'Final Answer:',
  'Final Answer: ',
  '**Final Answer:**',
  '## Final Answer',
  'final answer',
  'FINAL ANSWER:',
  'Final Ans',
  'Thou',
  'ACTION: read_file({"path": "a"})',
  'Action Input:',
  'action',
  '<tool_call>',
  '<function=x>',
  '<function',
  '[TOOL_CALLS]',
  '```tool_code',
  'to=functions.x',
  '<|tool_call_start|>',
  'functools[',
  '<minimax:tool_call>',
  '<invoke name="x">',
  '\n',
  '\n',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '\t',
  '**',
  'words and more words',
  'a',
  '\u001b[31m',
  '\u202e',
  '- item',
  '```js',
  'é',
];

/** The same replies every run: a small linear congruential generator. */
function randomReplies(count: number, seed = 7): string[] {
  let state = seed;
  const next = (limit: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % limit;
  };
  return Array.from({ length: count }, () => Array.from({ length: 4 + next(24) }, () => PIECES[next(PIECES.length)]).join(''));
}

describe('splitStreamingReply', () => {
  it('splits each prefix of a growing reply as the whole reply is split, from any point of its answer', () => {
    for (const reply of randomReplies(250)) {
      for (const step of [1, 3, 7]) {
        for (let end = 0; end <= reply.length; end += step) {
          const raw = reply.slice(0, end);
          const whole = splitWholeReply(raw);
          const from = end % 5 === 0 ? 0 : Math.floor(whole.answer.length * 0.8);
          expect(splitStreamingReply(raw, from), JSON.stringify([raw, from])).toEqual({ ...whole, answer: whole.answer.slice(from) });
        }
      }
    }
  });

  it('splits a reply that is not the growth of the last one on its own', () => {
    expect(splitStreamingReply('Thought: a\nFinal Answer: one\ntwo')).toEqual({ thought: 'a', answer: 'one\ntwo' });
    expect(splitStreamingReply('plain\nwords')).toEqual({ thought: '', answer: 'plain\nwords' });
    expect(splitStreamingReply('plain\nwords\nFinal Answer: now')).toEqual({ thought: 'plain\nwords', answer: 'now' });
  });

  it('never streams call tokens as the answer: the text before them is the thought', () => {
    for (const token of [
      '<|tool_call_start|>[',
      'functools[',
      '<|tool_call|>',
      '<start_function_call>',
      '<minimax:tool_call>',
      '<function_calls>',
      '<invoke name="read_file">',
      '<tool>read_file</tool>',
    ]) {
      expect(splitStreamingReply(`Let me look.\n${token}`), token).toEqual({ thought: 'Let me look.', answer: '' });
    }
  });
});
