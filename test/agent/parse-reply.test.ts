import { describe, it, expect } from 'vitest';
import { parseReply, type ParsedReply } from '../../src/agent/parse-reply.js';

const tools = new Set(['http_request', 'request', 'read_file', 'list_files']);
const parse = (reply: string, known: ReadonlySet<string> = tools): ParsedReply => parseReply(reply, known);
const fence = '```';

function problemOf(reply: ParsedReply): string {
  if (reply.kind !== 'bad_call') throw new Error(`expected bad_call, got ${JSON.stringify(reply)}`);
  return reply.problem;
}

describe('parseReply: final answers', () => {
  it('reads a one-line Final Answer', () => {
    expect(parse('Final Answer: The API returns 200.')).toEqual({ kind: 'answer', text: 'The API returns 200.' });
  });

  it.each(['final answer: ok', 'FINAL ANSWER : ok', 'Final answer:ok', 'final  Answer\t: ok'])('accepts the marker in any case and spacing: %j', (reply) => {
    expect(parse(reply)).toEqual({ kind: 'answer', text: 'ok' });
  });

  it('keeps a multi-line Markdown answer with code fences intact', () => {
    const body = ['## Result', '', '- `GET /users` → 200', '', `${fence}json`, '{ "id": 1 }', fence].join('\n');
    expect(parse(`Final Answer:\n${body}\n\n`)).toEqual({ kind: 'answer', text: body });
  });

  it('puts the Thought before the Final Answer into thought', () => {
    expect(parse('Thought: I have everything I need.\nFinal Answer: All green.')).toEqual({
      kind: 'answer',
      thought: 'I have everything I need.',
      text: 'All green.',
    });
  });

  it('treats plain text with neither marker as the whole answer, trimmed', () => {
    expect(parse('\n  The endpoint is healthy.\n\nNothing to fix.  \n')).toEqual({
      kind: 'answer',
      text: 'The endpoint is healthy.\n\nNothing to fix.',
    });
  });

  it.each(['', '   ', '\n\t\r\n'])('returns an empty answer for an empty reply %j', (reply) => {
    expect(parse(reply)).toEqual({ kind: 'answer', text: '' });
  });

  it('keeps a lone Thought with no marker as the answer text (the loop decides what to do)', () => {
    expect(parse('Thought: I should check the logs.')).toEqual({
      kind: 'answer',
      text: 'Thought: I should check the logs.',
    });
  });
});

describe('parseReply: explicit ACTION calls', () => {
  it('reads Thought + ACTION', () => {
    const reply = 'Thought: Let me call the health endpoint.\nACTION: http_request({"method": "GET", "url": "/health"})';
    expect(parse(reply)).toEqual({
      kind: 'call',
      thought: 'Let me call the health endpoint.',
      name: 'http_request',
      args: { method: 'GET', url: '/health' },
    });
  });

  it('has no thought when the reply is only the ACTION line', () => {
    expect(parse('ACTION: read_file({"path": "a.ts"})')).toEqual({
      kind: 'call',
      name: 'read_file',
      args: { path: 'a.ts' },
    });
  });

  it.each([
    'action: read_file({"path": "x"})',
    'ACTION : read_file({"path": "x"})',
    'Action :read_file({"path": "x"})',
    'ACTION: read_file ({"path": "x"})',
    'ACTION:\tread_file\t( {"path": "x"} )',
    '**Action:** read_file({"path": "x"})',
  ])('tolerates case and spacing: %j', (reply) => {
    expect(parse(reply)).toEqual({ kind: 'call', name: 'read_file', args: { path: 'x' } });
  });

  it('takes the thought up to the marker when both are on one line', () => {
    expect(parse('Thought: quick look. ACTION: list_files({})')).toEqual({
      kind: 'call',
      thought: 'quick look.',
      name: 'list_files',
      args: {},
    });
  });

  it('still returns a call for an unknown tool name after the explicit marker', () => {
    expect(parse('ACTION: delete_database({"force": true})')).toEqual({
      kind: 'call',
      name: 'delete_database',
      args: { force: true },
    });
  });

  it.each(['', 'json', 'text'])('reads a call inside a %j code fence and keeps the fence out of the thought', (lang) => {
    const reply = `Thought: read it.\n${fence}${lang}\nACTION: read_file({"path": "src/app.ts"})\n${fence}\n`;
    expect(parse(reply)).toEqual({
      kind: 'call',
      thought: 'read it.',
      name: 'read_file',
      args: { path: 'src/app.ts' },
    });
  });

  it('keeps a closed code block in the thought when the call follows it unfenced', () => {
    const thought = `The handler:\n${fence}ts\nres.status(500)\n${fence}`;
    expect(parse(`Thought: ${thought}\nACTION: read_file({"path": "x"})`)).toMatchObject({ kind: 'call', thought });
  });

  it('reads http_request, never the shorter request, when both tools are known', () => {
    expect(parse('ACTION: http_request({"url": "/"})')).toMatchObject({ kind: 'call', name: 'http_request' });
  });

  it('takes the first of several calls', () => {
    const reply = 'ACTION: read_file({"path": "a"})\nACTION: read_file({"path": "b"})\nlist_files({})';
    expect(parse(reply)).toEqual({ kind: 'call', name: 'read_file', args: { path: 'a' }, laterCalls: ['read_file', 'list_files'] });
  });
});

describe('parseReply: bare calls of known tools', () => {
  it('reads a bare known-tool line after prose, the prose being the thought', () => {
    expect(parse('I will read the handler first.\nread_file({"path": "x"})')).toEqual({
      kind: 'call',
      thought: 'I will read the handler first.',
      name: 'read_file',
      args: { path: 'x' },
    });
  });

  it.each(['  read_file({"path": "x"})', '- read_file({"path": "x"})', '* read_file({"path": "x"})', '1. read_file({"path": "x"})'])(
    'accepts leading whitespace or a bullet: %j',
    (line) => {
      expect(parse(`Next:\n${line}`)).toMatchObject({ kind: 'call', name: 'read_file', args: { path: 'x' } });
    },
  );

  it('ignores a bare call of an unknown tool', () => {
    const reply = 'Use this:\nfetch_everything({"all": true})';
    expect(parse(reply)).toEqual({ kind: 'answer', text: reply });
  });

  it('ignores a known name that does not start the line or is not directly followed by "("', () => {
    expect(parse('You could call read_file({"path": "x"}) yourself.')).toMatchObject({ kind: 'answer' });
    expect(parse('read_file (the tool) is handy')).toMatchObject({ kind: 'answer' });
  });

  it('matches whole identifiers: http_request( is not request(', () => {
    expect(parse('http_request({"url": "/a"})', new Set(['request', 'http_request']))).toEqual({
      kind: 'call',
      name: 'http_request',
      args: { url: '/a' },
    });
    expect(parse('http_request({"url": "/a"})', new Set(['request']))).toMatchObject({ kind: 'answer' });
  });
});

describe('parseReply: prose is not a call', () => {
  it.each([
    'No action needed (see logs).',
    'The action (retry) failed twice.',
    'You may take action(s) later.',
    'Transaction: request({"a": 1}) is prose, not a marker.',
  ])('%j is an answer', (reply) => {
    expect(parse(reply)).toEqual({ kind: 'answer', text: reply });
  });
});

describe('parseReply: arguments', () => {
  it('reads nested objects and arrays', () => {
    const reply = 'ACTION: http_request({"url": "/u", "body": {"tags": ["a", {"b": [1, 2]}], "n": null}})';
    expect(parse(reply)).toMatchObject({
      kind: 'call',
      args: { url: '/u', body: { tags: ['a', { b: [1, 2] }], n: null } },
    });
  });

  it('is not fooled by escaped quotes or brackets and parens inside strings', () => {
    const reply = String.raw`ACTION: http_request({"body": "say \"hi\" } { ) ( ] [", "q": "\\"})`;
    expect(parse(reply)).toMatchObject({ kind: 'call', args: { body: 'say "hi" } { ) ( ] [', q: '\\' } });
  });

  it('reads pretty-printed JSON spread over several lines', () => {
    const reply = 'ACTION: http_request({\n  "method": "POST",\n  "url": "/orders"\n})\n';
    expect(parse(reply)).toMatchObject({ kind: 'call', args: { method: 'POST', url: '/orders' } });
  });

  it.each(['ACTION: list_files()', 'ACTION: list_files( )', 'list_files()'])('gives {} for no arguments: %j', (reply) => {
    expect(parse(reply)).toEqual({ kind: 'call', name: 'list_files', args: {} });
  });

  it('tolerates a missing final ")" after a complete JSON object', () => {
    expect(parse('ACTION: read_file({"path": "x"}\n')).toEqual({ kind: 'call', name: 'read_file', args: { path: 'x' } });
    expect(parse(`${fence}\nACTION: read_file({"path": "x"}\n${fence}`)).toMatchObject({ kind: 'call', args: { path: 'x' } });
  });

  it.each([
    ['ACTION: read_file(["x"])', 'not an array'],
    ['ACTION: read_file(42)', 'not a number'],
    ['ACTION: read_file("x")', 'not a string'],
  ])('rejects non-object arguments: %j', (reply, phrase) => {
    const problem = problemOf(parse(reply));
    expect(problem).toContain(phrase);
    expect(problem).toContain('arguments must be one JSON object, e.g. read_file({"key": "value"})');
  });

  it('reports JSON it cannot repair with the parser message and an example', () => {
    const result = parse('Thought: read it\nACTION: read_file({"path": "x" : "y"})');
    expect(result).toMatchObject({ kind: 'bad_call', thought: 'read it', name: 'read_file' });
    const problem = problemOf(result);
    expect(problem).toMatch(/not valid JSON \(.+\)/);
    expect(problem).toContain('read_file({"key": "value"})');
  });

  it.each([
    ['a trailing comma', 'ACTION: read_file({"path": "x",})'],
    ['single quotes', "ACTION: read_file({'path': 'x'})"],
    ['unquoted keys', 'ACTION: read_file({path: "x"})'],
    ['Python keywords', 'ACTION: read_file(path="x")'],
    ['a fence inside the parentheses', 'ACTION: read_file(```json\n{"path": "x"}\n```)'],
  ])('repairs %s', (_what, reply) => {
    expect(parse(reply)).toEqual({ kind: 'call', name: 'read_file', args: { path: 'x' } });
  });

  it('repairs raw newlines in strings and Python literals', () => {
    expect(parse('ACTION: http_request({"body": "a\nb", "follow": True, "auth": None})')).toEqual({
      kind: 'call',
      name: 'http_request',
      args: { body: 'a\nb', follow: true, auth: null },
    });
  });

  it('reads Python keyword values: quotes, numbers, booleans, lists and dicts', () => {
    const reply = `read_file(path='a.ts', limit=20, strict=False, tags=["x", 'y'], opts={'deep': True})`;
    expect(parse(reply)).toEqual({
      kind: 'call',
      name: 'read_file',
      args: { path: 'a.ts', limit: 20, strict: false, tags: ['x', 'y'], opts: { deep: true } },
    });
  });

  it('reports a keyword call it cannot read', () => {
    expect(problemOf(parse('ACTION: read_file(path="x", 3)'))).toContain('expected key=value');
  });

  it('reports an unbalanced object as not closed', () => {
    expect(problemOf(parse('ACTION: http_request({"body": {"a": 1})'))).toContain('the JSON object is not closed');
  });

  it('reports an unterminated string as not closed', () => {
    expect(problemOf(parse('ACTION: read_file({"path": "x})'))).toContain('the JSON object is not closed');
  });

  it('reports a call cut off right after "("', () => {
    expect(problemOf(parse('ACTION: read_file('))).toContain('not closed');
  });

  it('reports extra arguments after the JSON object', () => {
    expect(problemOf(parse('ACTION: read_file({"path": "a"}, {"path": "b"})'))).toContain('unexpected text ", {"path": "b"})"');
  });
});

describe('parseReply: calls and final answers together, whichever comes first wins', () => {
  it('lets the call win over a Final Answer that follows it', () => {
    const reply = 'Thought: check first\nACTION: list_files({})\nObservation: a.ts\nFinal Answer: done';
    expect(parse(reply)).toEqual({ kind: 'call', thought: 'check first', name: 'list_files', args: {} });
  });

  it('keeps an unfenced call after the Final Answer as part of the answer', () => {
    const reply = 'Thought: hmm\nFinal Answer: maybe\nACTION: list_files({})';
    expect(parse(reply)).toEqual({ kind: 'answer', thought: 'hmm', text: 'maybe\nACTION: list_files({})' });
  });

  it('lets a call win whose arguments contain the Final Answer marker', () => {
    const reply = 'ACTION: write_file({"path": "a.md", "content": "Final Answer: 42"})';
    expect(parse(reply)).toEqual({ kind: 'call', name: 'write_file', args: { path: 'a.md', content: 'Final Answer: 42' } });
  });

  it('keeps a fenced ACTION example inside a Final Answer as part of the answer', () => {
    // Decision: a code fence opened after the Final Answer marker is Markdown for the user, so an
    // ACTION inside it is an example to show, not a request to run a tool (which could have side effects).
    const body = `To reproduce, ask me to run:\n${fence}\nACTION: http_request({"method": "DELETE", "url": "/users/1"})\n${fence}`;
    expect(parse(`Final Answer: ${body}`)).toEqual({ kind: 'answer', text: body });
  });
});

describe('parseReply: line endings', () => {
  it('handles Windows line endings in calls', () => {
    const reply = 'Thought: look\r\n```json\r\nACTION: http_request({\r\n  "url": "/x"\r\n})\r\n```\r\n';
    expect(parse(reply)).toEqual({ kind: 'call', thought: 'look', name: 'http_request', args: { url: '/x' } });
  });

  it('handles Windows line endings in answers', () => {
    expect(parse('Thought: ok\r\nFinal Answer:\r\nline 1\r\nline 2\r\n')).toEqual({
      kind: 'answer',
      thought: 'ok',
      text: 'line 1\nline 2',
    });
  });
});

describe('parseReply: thinking', () => {
  it('sets a think block apart as thinking on every kind', () => {
    expect(parse('<think>plan</think>Final Answer: ok')).toEqual({ kind: 'answer', thinking: 'plan', text: 'ok' });
    expect(parse('<think>plan</think>ACTION: list_files({})')).toEqual({
      kind: 'call',
      thinking: 'plan',
      name: 'list_files',
      args: {},
    });
    expect(parse('<think>plan</think>ACTION: read_file({"path": "x" : "y"})')).toMatchObject({ kind: 'bad_call', thinking: 'plan' });
  });

  it('never reads calls inside thinking', () => {
    const reply = '<think>ACTION: read_file({"path": "secret"})</think>\nFinal Answer: no call needed';
    expect(parse(reply)).toEqual({
      kind: 'answer',
      thinking: 'ACTION: read_file({"path": "secret"})',
      text: 'no call needed',
    });
  });

  it('never puts thinking in the answer, even without a marker', () => {
    expect(parse('<think>\nhidden\n</think>\n\nThe API is fine.')).toEqual({
      kind: 'answer',
      thinking: 'hidden',
      text: 'The API is fine.',
    });
  });

  it('takes the text before a lone </think> as thinking', () => {
    expect(parse('hidden plan\n</think>\nThought: go\nACTION: list_files({})')).toEqual({
      kind: 'call',
      thinking: 'hidden plan',
      thought: 'go',
      name: 'list_files',
      args: {},
    });
  });

  it('flags a reply that ends inside <think>, with neither call nor answer', () => {
    expect(parse('<think>\nACTION: list_files({})')).toEqual({
      kind: 'answer',
      text: '',
      thinking: 'ACTION: list_files({})',
      unclosedThinking: true,
    });
  });

  it('gives no thinking for an empty block', () => {
    expect(parse('<think>\n\n</think>\n\nFinal Answer: ok')).toEqual({ kind: 'answer', text: 'ok' });
  });

  it('handles Windows line endings around the block', () => {
    expect(parse('<think>\r\na\r\nb\r\n</think>\r\nFinal Answer: ok\r\n')).toEqual({
      kind: 'answer',
      thinking: 'a\nb',
      text: 'ok',
    });
  });
});

describe('parseReply: shapes that only count for known tools', () => {
  it.each([
    ['a JSON object among prose', 'The call would be:\n{"name": "drop_tables", "arguments": {}}\nbut I will not make it.'],
    ['a name then JSON', 'drop_tables\n{"all": true}'],
    ['a backticked name then JSON', '`drop_tables` {"all": true}'],
    ['a Python keyword call', 'drop_tables(all=True)'],
    ['a tool_code fence', '```tool_code\nprint(drop_tables(all=True))\n```'],
  ])('ignores %s naming an unknown tool', (_shape, reply) => {
    expect(parse(reply)).toEqual({ kind: 'answer', text: reply });
  });

  it.each([
    ['Action + Action Input', 'Action: drop_tables\nAction Input: {"all": true}'],
    ['a <tool_call> tag', '<tool_call>{"name": "drop_tables", "arguments": {"all": true}}</tool_call>'],
    ['a reply that is one JSON object', '{"name": "drop_tables", "arguments": {"all": true}}'],
    ['a reply that is one fenced JSON object', '```json\n{"name": "drop_tables", "parameters": {"all": true}}\n```'],
  ])('reads %s naming an unknown tool (the loop says it does not exist)', (_shape, reply) => {
    expect(parse(reply)).toEqual({ kind: 'call', name: 'drop_tables', args: { all: true } });
  });
});

describe('parseReply: long replies', () => {
  // No clock: a parser slower than linear would take minutes over a megabyte and fail on the test's timeout.
  it('parses a 1 MB reply', () => {
    const paragraph = 'The handler in src/routes/orders.ts calls validate(order) and save(order); see (1) and [2]: {"qty": 0}.\n';
    const content = 'export const line = \\"x\\";\\n'.repeat(10_000);
    const reply = [
      `<think>\n${paragraph.repeat(3500)}</think>`,
      `Thought: ${paragraph.repeat(3500)}`,
      `ACTION: write_file({"path": "src/big.ts", "content": "${content}"})`,
    ].join('\n');
    expect(reply.length).toBeGreaterThan(1_000_000);
    const result = parse(reply);
    expect(result).toMatchObject({ kind: 'call', name: 'write_file', args: { path: 'src/big.ts' } });
  });
});
