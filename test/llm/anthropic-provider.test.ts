import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/config/types.js';
import { createAnthropicProvider } from '../../src/llm/anthropic-provider.js';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ChatRequest, ProviderOptions } from '../../src/llm/chat-model.js';
import { ModelError } from '../../src/llm/model-errors.js';
import { countTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const SYSTEM = 'You are Falcon. Tools: read_file(path) reads a file of the project.';
const messages: ChatMessage[] = [
  { role: 'system', content: SYSTEM, stablePrefix: true },
  { role: 'user', content: 'what is in notes.txt?' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', { name: 'claude-small', contextLength: 1000 }] });
});
afterAll(() => server.close());
afterEach(() => server.reset());

function provider(overrides: Partial<ProviderSettings> = {}, options: ProviderOptions = {}) {
  const settings: ProviderSettings = {
    id: 'anthropic',
    protocol: 'anthropic',
    model: 'claude-sonnet-4-5',
    apiKey: 'sk-ant-test',
    baseUrl: server.anthropicBaseUrl,
    ...overrides,
  };
  return createAnthropicProvider(settings, options);
}

function chat(request: Partial<ChatRequest> = {}, { model = 'claude-sonnet-4-5', ...options }: ProviderOptions & { model?: string } = {}) {
  const deltas: string[] = [];
  const thoughts: string[] = [];
  const reply = provider({}, options)
    .createModel(model)
    .chat({ messages, signal: new AbortController().signal, onDelta: (text) => deltas.push(text), onThinking: (text) => thoughts.push(text), ...request });
  return { reply, deltas, thoughts };
}

describe('Anthropic provider', () => {
  it('streams the text in deltas, with the system prompt in `system` and the key and API version sent', async () => {
    server.script([{ text: 'Final Answer: it lists three errands', chunkSize: 6 }]);
    const { reply, deltas } = chat();
    await expect(reply).resolves.toMatchObject({ text: 'Final Answer: it lists three errands' });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Final Answer: it lists three errands');
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ protocol: 'anthropic', path: '/v1/messages', model: 'claude-sonnet-4-5', stream: true, max_tokens: 16_384 });
    expect(request.headers.authorization).toBe('Bearer sk-ant-test');
    expect(request.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.anthropic?.system).toEqual([{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }]);
    expect(request.anthropic?.messages.map((turn) => turn.role)).toEqual(['user']);
  });

  it('counts cache reads and writes in the prompt tokens, and reports each apart', async () => {
    server.script(['Final Answer: first', 'Final Answer: second']);
    const first = await chat().reply;
    const firstUsage = server.requests[0]!.anthropic!.usage!;
    expect(firstUsage.cache_read_input_tokens).toBe(0);
    expect(firstUsage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(first.usage).toEqual({
      inputTokens: server.requests[0]!.promptTokens,
      outputTokens: countTokens('Final Answer: first'),
      cacheWriteTokens: firstUsage.cache_creation_input_tokens,
    });
    expect(first.reportedInputTokens).toBe(server.requests[0]!.promptTokens);

    const next: ChatMessage[] = [...messages, { role: 'assistant', content: 'Final Answer: first' }, { role: 'user', content: 'and in todo.txt?' }];
    const second = await chat({ messages: next }).reply;
    const secondUsage = server.requests[1]!.anthropic!.usage!;
    // The whole first request (its prompt) is read back; only the new turns are written.
    expect(secondUsage.cache_read_input_tokens).toBe(firstUsage.cache_creation_input_tokens);
    expect(second.usage).toMatchObject({
      inputTokens: server.requests[1]!.promptTokens,
      cachedInputTokens: firstUsage.cache_creation_input_tokens,
      cacheWriteTokens: secondUsage.cache_creation_input_tokens,
    });
  });

  it('ends cached prefixes at the system prompt, the checkpoint and the conversation so far, merging turns of one role', async () => {
    server.script(['Final Answer: ok']);
    const history: ChatMessage[] = [
      { role: 'system', content: SYSTEM, stablePrefix: true },
      { role: 'user', content: '[Checkpoint] earlier work, compacted', stablePrefix: true },
      { role: 'assistant', content: 'Thought: read it' },
      { role: 'user', content: 'Observation: three errands' },
      { role: 'user', content: 'and the queued question' },
    ];
    await chat({ messages: history }).reply;
    const sent = server.requests.at(-1)!.anthropic!;
    expect(sent.cacheBreakpoints).toEqual(['system[0]', 'messages[0].content[0]', 'messages[2].content[1]']);
    expect(sent.messages.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent.messages[2]!.content).toEqual([
      { type: 'text', text: 'Observation: three errands' },
      { type: 'text', text: 'and the queued question', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('passes thinking blocks to onThinking, never into the text', async () => {
    server.script([{ text: 'Final Answer: 42', thinking: 'The user wants the answer. ACTION: read_file({"path": "x"})', chunkSize: 7 }]);
    const { reply, deltas, thoughts } = chat();
    const response = await reply;
    expect(response.text).toBe('Final Answer: 42');
    expect(response.thinking).toBe('The user wants the answer. ACTION: read_file({"path": "x"})');
    expect(thoughts.join('')).toBe(response.thinking);
    expect(deltas.join('')).toBe('Final Answer: 42');
    expect(response.toolCalls).toBeUndefined();
  });

  it('sends native tools and reads the tool_use blocks of the reply as calls', async () => {
    server.script([
      {
        text: 'Reading both.',
        toolCalls: [
          { name: 'read_file', arguments: { path: 'notes.txt' } },
          { name: 'read_file', arguments: { path: 'todo.txt' } },
        ],
        chunkSize: 5,
      },
    ]);
    const tools = [
      { name: 'read_file', description: 'Reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    ];
    const response = await chat({ tools }).reply;
    expect(response.text).toBe('Reading both.');
    expect(response.toolCalls).toEqual([
      { id: 'toolu_fake_1', name: 'read_file', arguments: '{"path":"notes.txt"}' },
      { id: 'toolu_fake_2', name: 'read_file', arguments: '{"path":"todo.txt"}' },
    ]);
    const sent = server.requests.at(-1)!.anthropic!;
    expect(sent.tools).toEqual(
      [{ ...tools[0]!, parameters: undefined, input_schema: tools[0]!.parameters, cache_control: { type: 'ephemeral' } }].map(withoutUndefined),
    );
    expect(sent.cacheBreakpoints[0]).toBe('tools[0]');
  });

  it('sends earlier calls as tool_use blocks and their observations as tool_result blocks', async () => {
    server.script(['Final Answer: done']);
    const history: ChatMessage[] = [
      ...messages,
      { role: 'assistant', content: 'Reading it.', toolCalls: [{ id: 'toolu_1', name: 'read_file', arguments: '{"path":"notes.txt"}' }] },
      { role: 'user', content: 'three errands', toolCallId: 'toolu_1' },
    ];
    await chat({ messages: history }).reply;
    const sent = server.requests.at(-1)!.anthropic!.messages;
    expect(sent.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading it.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'notes.txt' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'three errands', cache_control: { type: 'ephemeral' } }] },
    ]);
  });

  it('asks for a whole reply when streaming is off, thinking and calls included', async () => {
    server.script([{ text: 'Final Answer: whole', thinking: 'quietly', toolCalls: [{ id: 'toolu_x', name: 'read_file', arguments: { path: 'a' } }] }]);
    const { reply, deltas, thoughts } = chat({}, { stream: false });
    await expect(reply).resolves.toMatchObject({
      text: 'Final Answer: whole',
      thinking: 'quietly',
      toolCalls: [{ id: 'toolu_x', name: 'read_file', arguments: '{"path":"a"}' }],
    });
    expect(deltas).toEqual(['Final Answer: whole']);
    expect(thoughts).toEqual(['quietly']);
    expect(server.requests.at(-1)).toMatchObject({ stream: false, max_tokens: 8192 });
  });

  it('reports a prompt longer than the window as a context overflow naming the window, not retried', async () => {
    const long: ChatMessage[] = [{ role: 'user', content: 'word '.repeat(2000) }];
    const failure = await chat({ messages: long }, { model: 'claude-small' }).reply.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).toMatchObject({ transient: false, status: 400, contextOverflow: { windowTokens: 1000 } });
    expect((failure as ModelError).message).toMatch(
      /^anthropic: 400 Bad Request \(prompt is too long: \d+ tokens > 1000 maximum\) — the conversation no longer fits/,
    );
  });

  it('reads the window from a prompt that fits only without max_tokens', async () => {
    const failure = await chat({ messages: [{ role: 'user', content: 'word '.repeat(150) }] }, { model: 'claude-small' }).reply.catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ contextOverflow: { windowTokens: 1000 } });
  });

  it('says the key was refused on 401, with the variable that holds it', async () => {
    server.script([{ status: 401 }]);
    const failure = await chat().reply.catch((error: unknown) => error);
    expect(failure).toMatchObject({
      transient: false,
      status: 401,
      message: 'anthropic: 401 Unauthorized (invalid x-api-key) — the API key was refused: check api_key or ANTHROPIC_API_KEY',
    });
  });

  it('waits as long as a rate limit asks', async () => {
    server.script([{ status: 429, headers: { 'retry-after': '3' } }]);
    await expect(chat().reply).rejects.toMatchObject({ transient: true, status: 429, retryAfterMs: 3000, message: expect.stringContaining('rate limited') });
  });

  it('retries an overloaded server', async () => {
    server.script([{ status: 529 }]);
    await expect(chat().reply).rejects.toMatchObject({ transient: true, status: 529, message: expect.stringContaining('overloaded') });
  });

  it('reads an error event in the middle of the stream as the status it stands for', async () => {
    server.script([{ text: 'Final Answer: overloaded half way', errorAfterChars: 8, chunkSize: 4 }]);
    const { reply, deltas } = chat();
    await expect(reply).rejects.toMatchObject({
      name: 'ModelError',
      transient: true,
      status: 529,
      message: 'anthropic: 529 (Overloaded) — the server is overloaded',
    });
    expect(deltas.join('')).toBe('Final An');
  });

  it('throws a transient error, not partial text, when the stream is cut mid-way', async () => {
    server.script([{ text: 'Final Answer: this will not arrive whole', cutAfterChars: 12, chunkSize: 4 }]);
    const { reply, deltas } = chat();
    await expect(reply).rejects.toMatchObject({ name: 'ModelError', transient: true });
    expect(deltas.join('')).toBe('Final Answer');
  });

  it('says the server does not know the path when the base URL is not the Messages API root', async () => {
    const wrong = createAnthropicProvider({ id: 'gateway', protocol: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'k', baseUrl: `${server.url}/nothing` });
    await expect(wrong.createModel('claude-sonnet-4-5').chat({ messages, signal: new AbortController().signal })).rejects.toMatchObject({
      message: expect.stringMatching(/^gateway: 404 Not Found/),
    });
  });

  it('takes the known Claude window, or the configured one', async () => {
    await expect(provider().createModel('claude-sonnet-4-5').contextWindow()).resolves.toEqual({ tokens: 200_000, source: 'known-model' });
    await expect(provider({ contextWindow: 50_000 }).createModel('claude-sonnet-4-5').contextWindow()).resolves.toEqual({ tokens: 50_000, source: 'config' });
  });
});

describe('Anthropic provider connection check', () => {
  it('lists the models of the server', async () => {
    await expect(provider().listModels()).resolves.toEqual(['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', 'claude-small']);
  });

  it('is ok when the configured alias names a listed model', async () => {
    await expect(provider().checkConnection()).resolves.toEqual({ ok: true, models: 3 });
  });

  it('names a missing model and a few available ones', async () => {
    await expect(provider({ model: 'claude-opus-9' }).checkConnection()).resolves.toEqual({
      ok: false,
      problem: 'model claude-opus-9 is not available',
      hint: 'available: claude-sonnet-4-5-20250929, claude-haiku-4-5-20251001, claude-small',
    });
  });

  it('says the API key was refused on 401', async () => {
    const guarded = await startFakeModelServer({ models: ['claude-sonnet-4-5'], apiKey: 'right-key' });
    try {
      const check = provider({ apiKey: 'wrong-key', baseUrl: guarded.anthropicBaseUrl }).checkConnection();
      await expect(check).resolves.toEqual({ ok: false, problem: 'the API key was refused', hint: 'check api_key or ANTHROPIC_API_KEY' });
    } finally {
      await guarded.close();
    }
  });

  it('says no key is set when there is none', async () => {
    const guarded = await startFakeModelServer({ models: ['claude-sonnet-4-5'], apiKey: 'right-key' });
    try {
      const check = provider({ apiKey: undefined, baseUrl: guarded.anthropicBaseUrl }).checkConnection();
      await expect(check).resolves.toEqual({ ok: false, problem: 'no API key is set', hint: 'check api_key or ANTHROPIC_API_KEY' });
    } finally {
      await guarded.close();
    }
  });
});

function withoutUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
