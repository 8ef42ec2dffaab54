import { describe, expect, it } from 'vitest';
import { parseReply, type ParsedReply } from '../../src/agent/parse-reply.js';
import { MAX_ARGUMENT_CHARS, MAX_ARGUMENT_DEPTH } from '../../src/agent/reply/argument-limits.js';

// Arguments nested thousands of levels deep, or far too large, are a bad call with a one-line
// problem, whatever shape the call is written in, and nothing recursive reads them first.

const tools = new Set(['read_file', 'write_file', 'http_request']);
const parse = (reply: string): ParsedReply => parseReply(reply, tools);
const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const deep = nested(10_000);

function problemOf(reply: ParsedReply): string {
  if (reply.kind !== 'bad_call') throw new Error(`expected bad_call, got ${reply.kind}`);
  return reply.problem;
}

describe('arguments nested too deep', () => {
  it('are a bad call naming the depth and the limit, in every shape of call', () => {
    const problem = 'arguments nest 10,001 levels deep; the most is 64';
    const replies = [
      `ACTION: read_file({"path": "a", "x": ${deep}})`,
      `Thought: read it.\nACTION: read_file({"path": "a", "x": ${deep}})\n`,
      `read_file({"path": "a", "x": ${deep}})`,
      `<tool_call>{"name": "read_file", "arguments": {"path": "a", "x": ${deep}}}</tool_call>`,
      `{"name": "read_file", "parameters": {"path": "a", "x": ${deep}}}`,
      // Not valid JSON (a trailing comma): refused before jsonrepair, which recurses per level.
      `ACTION: read_file({"path": "a", "x": ${deep},})`,
    ];
    for (const reply of replies) {
      const parsed = parse(reply);
      expect(parsed).toMatchObject({ kind: 'bad_call', name: 'read_file' });
      expect(problemOf(parsed)).toBe(problem);
    }
  });

  it('names the problem in a Python keyword value too', () => {
    expect(problemOf(parse(`read_file(path="a", x=${nested(10_000)})`))).toBe('arguments nest 10,001 levels deep; the most is 64');
    expect(problemOf(parse(`read_file(path="a", x=${nested(10_000)},)`))).toBe('arguments nest 10,001 levels deep; the most is 64');
    expect(problemOf(parse(`read_file(path="a", x=[${nested(10_000)},])`))).toBe(
      'the value of x is not readable (arguments nest 10,001 levels deep; the most is 64); write read_file({"key": "value"})',
    );
  });

  it('counts objects and arrays alike, the arguments object included', () => {
    const atLimit = `ACTION: http_request({"body": ${nested(MAX_ARGUMENT_DEPTH - 1, '{"a":', '}').replace('{"a":}', '{"a":1}')}})`;
    expect(parse(atLimit).kind).toBe('call');
    const overLimit = `ACTION: http_request({"body": ${nested(MAX_ARGUMENT_DEPTH, '[', ']')}})`;
    expect(problemOf(parse(overLimit))).toBe('arguments nest 65 levels deep; the most is 64');
  });

  it('does not count brackets inside strings', () => {
    const reply = `ACTION: http_request({"body": "${'['.repeat(500)}", "pattern": "${'{'.repeat(500)}"})`;
    expect(parse(reply)).toMatchObject({ kind: 'call', name: 'http_request' });
  });
});

describe('arguments too large', () => {
  it('take a large file for write_file', () => {
    const content = 'x'.repeat(900 * 1024);
    expect(parse(`ACTION: write_file({"path": "big.txt", "content": "${content}"})`)).toMatchObject({ kind: 'call' });
  });

  it('are a bad call past the limit, counting keys and strings', () => {
    const content = 'x'.repeat(MAX_ARGUMENT_CHARS - 'path'.length - 'big.txt'.length - 'content'.length + 1);
    expect(problemOf(parse(`ACTION: write_file({"path": "big.txt", "content": "${content}"})`))).toBe(
      'arguments hold 1,048,577 characters; the most is 1,048,576',
    );
  });
});
