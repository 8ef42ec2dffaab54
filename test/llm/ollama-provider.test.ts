import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ProviderSettings } from '../../src/config/types.js';
import { ModelError } from '../../src/llm/model-errors.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import type { ProviderOptions } from '../../src/llm/chat-model.js';
import { countPromptTokens, countTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'say hello' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({
    models: [
      { name: 'llama-test:latest', contextLength: 131_072 },
      { name: 'qwen-test:7b', contextLength: 8192, architecture: 'qwen2' },
    ],
  });
});
afterAll(() => server.close());

function provider(overrides: Partial<ProviderSettings> = {}, options: ProviderOptions = {}) {
  const settings: ProviderSettings = { id: 'ollama', protocol: 'ollama', model: 'llama-test', baseUrl: server.ollamaUrl, ...overrides };
  return createOllamaProvider(settings, options);
}

function chat(options: ProviderOptions = {}, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const thoughts: string[] = [];
  const reply = provider({}, options)
    .createModel('llama-test')
    .chat({ messages, signal, onDelta: (text) => deltas.push(text), onThinking: (text) => thoughts.push(text) });
  return { reply, deltas, thoughts };
}

const PROMPT_TOKENS = countPromptTokens(messages);
const never = () => new AbortController().signal;
const showRequests = (model: string) =>
  server.metadataRequests.filter((request) => request.path === '/api/show' && (request.body as { model?: string }).model === model);

describe('Ollama provider', () => {
  it('streams NDJSON in deltas and reports prompt_eval_count/eval_count as usage', async () => {
    server.script([{ text: 'Final Answer: hello there', chunkSize: 5 }]);
    const { reply, deltas } = chat();
    await expect(reply).resolves.toEqual({
      text: 'Final Answer: hello there',
      usage: { inputTokens: PROMPT_TOKENS, outputTokens: countTokens('Final Answer: hello there') },
      reportedInputTokens: PROMPT_TOKENS,
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Final Answer: hello there');
    expect(server.requests.at(-1)).toMatchObject({ protocol: 'ollama', path: '/api/chat', model: 'llama-test', stream: true, messages });
  });

  it('asks for a whole reply when streaming is off and passes it on as one delta', async () => {
    server.script(['Final Answer: in one piece']);
    const { reply, deltas } = chat({ stream: false });
    await expect(reply).resolves.toEqual({
      text: 'Final Answer: in one piece',
      usage: { inputTokens: PROMPT_TOKENS, outputTokens: countTokens('Final Answer: in one piece') },
      reportedInputTokens: PROMPT_TOKENS,
    });
    expect(deltas).toEqual(['Final Answer: in one piece']);
    expect(server.requests.at(-1)).toMatchObject({ stream: false });
  });

  it('follows the stream setting of the provider', async () => {
    server.script(['whole']);
    await provider({ stream: false }).createModel('llama-test').chat({ messages, signal: new AbortController().signal });
    expect(server.requests.at(-1)).toMatchObject({ stream: false });
  });

  it('sends the API key as a bearer token (Ollama cloud)', async () => {
    server.script(['ok']);
    await provider({ apiKey: 'ollama-key', mode: 'cloud' }).createModel('llama-test').chat({ messages, signal: new AbortController().signal });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer ollama-key');
  });

  it('lists the models of the server', async () => {
    await expect(provider().listModels()).resolves.toEqual(['llama-test:latest', 'qwen-test:7b']);
  });

  it('throws a transient error, not partial text, when the stream is cut mid-way', async () => {
    server.script([{ text: 'Final Answer: this will not arrive whole', cutAfterChars: 12, chunkSize: 4 }]);
    const { reply, deltas } = chat();
    await expect(reply).rejects.toMatchObject({ name: 'ModelError', transient: true });
    expect(deltas.join('')).toBe('Final Answer');
  });

  it('stops a hanging stream promptly when the signal aborts', async () => {
    server.script([{ text: 'Final Answer: never finished', hangAfterChars: 6 }]);
    const controller = new AbortController();
    const { reply, deltas } = chat({}, controller.signal);
    await expect.poll(() => deltas.length).toBeGreaterThan(0);
    controller.abort();
    // The server never finishes: only the abort ends the call (an idle timeout would be a ModelError).
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops a hanging whole reply promptly when the signal aborts', async () => {
    server.script([{ text: 'Final Answer: never finished', hangAfterChars: 6 }]);
    const controller = new AbortController();
    const { reply } = chat({ stream: false }, controller.signal);
    await expect.poll(() => server.requests.at(-1)?.stream).toBe(false);
    controller.abort();
    // The server never finishes: only the abort ends the call (an idle timeout would be a ModelError).
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps Retry-After, which the SDK itself drops', async () => {
    server.script([{ status: 429, headers: { 'retry-after': '3' } }]);
    const error = await chat().reply.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 3000 });
  });

  it('reports an unknown model as a 404 that is not retried', async () => {
    server.script([{ status: 404, body: { error: 'model "missing" not found, try pulling it first' } }]);
    const error = await provider()
      .createModel('missing')
      .chat({ messages, signal: new AbortController().signal })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, transient: false });
    expect((error as Error).message).toContain('model "missing" not found');
  });
});

describe('Ollama thinking', () => {
  it('streams message.thinking to onThinking, apart from the text', async () => {
    server.script([{ text: 'Final Answer: 4', thinking: 'two and two make four', chunkSize: 5 }]);
    const { reply, deltas, thoughts } = chat();
    await expect(reply).resolves.toMatchObject({ text: 'Final Answer: 4', thinking: 'two and two make four' });
    expect(thoughts.length).toBeGreaterThan(1);
    expect(thoughts.join('')).toBe('two and two make four');
    expect(deltas.join('')).toBe('Final Answer: 4');
  });

  it('gives the whole thinking of a non-streamed reply, once', async () => {
    server.script([{ text: 'Final Answer: 4', thinking: 'two and two make four' }]);
    const { reply, thoughts } = chat({ stream: false });
    await expect(reply).resolves.toMatchObject({ text: 'Final Answer: 4', thinking: 'two and two make four' });
    expect(thoughts).toEqual(['two and two make four']);
  });
});

describe('Ollama context window and num_ctx', () => {
  it('learns the model window from /api/show once, and sends one num_ctx capped at 32,768 with every request', async () => {
    const asked = showRequests('llama-test').length;
    const model = provider().createModel('llama-test');
    await expect(model.contextWindow()).resolves.toEqual({ tokens: 32_768, source: 'cap', numCtx: 32_768 });
    server.script(['one', 'two']);
    await model.chat({ messages, signal: never() });
    await model.chat({ messages, signal: never() });
    expect(server.requests.slice(-2).map((request) => request.options)).toEqual([{ num_ctx: 32_768 }, { num_ctx: 32_768 }]);
    expect(server.requests.slice(-2).map((request) => request.contextWindow)).toEqual([32_768, 32_768]);
    expect(showRequests('llama-test')).toHaveLength(asked + 1);
  });

  it('never asks for more than the model has', async () => {
    const model = provider({ numCtx: 65_536 }).createModel('qwen-test:7b');
    await expect(model.contextWindow()).resolves.toEqual({ tokens: 8192, source: 'server', numCtx: 8192 });
    server.script(['ok']);
    await model.chat({ messages, signal: never() });
    expect(server.requests.at(-1)?.options).toEqual({ num_ctx: 8192 });
  });

  it('takes num_ctx from the config above the cap, and a smaller context_window below it', async () => {
    await expect(provider({ numCtx: 65_536 }).createModel('llama-test').contextWindow()).resolves.toEqual({ tokens: 65_536, source: 'config', numCtx: 65_536 });
    await expect(provider({ contextWindow: 16_384 }).createModel('llama-test').contextWindow()).resolves.toEqual({
      tokens: 16_384,
      source: 'config',
      numCtx: 16_384,
    });
  });

  it('falls back to context_window from the config, or 8,192, when /api/show fails', async () => {
    await expect(provider().createModel('missing-model').contextWindow()).resolves.toEqual({ tokens: 8192, source: 'assumed', numCtx: 8192 });
    await expect(provider({ contextWindow: 12_000 }).createModel('missing-model').contextWindow()).resolves.toEqual({
      tokens: 12_000,
      source: 'config',
      numCtx: 12_000,
    });
    server.script(['ok']);
    await provider().createModel('missing-model').chat({ messages, signal: never() });
    expect(server.requests.at(-1)?.options).toEqual({ num_ctx: 8192 });
  });

  it('keeps a long history whole inside the num_ctx it sends, where Ollama’s default would cut it', async () => {
    const history: ChatMessage[] = [
      { role: 'system', content: 'You are terse.' },
      ...Array.from({ length: 40 }, (_, index): ChatMessage => ({ role: index % 2 ? 'assistant' : 'user', content: 'word '.repeat(120) })),
    ];
    expect(countPromptTokens(history)).toBeGreaterThan(4096);
    server.script(['ok']);
    await provider().createModel('llama-test').chat({ messages: history, signal: never() });
    expect(server.requests.at(-1)).toMatchObject({ truncated: false, contextWindow: 32_768, evaluatedTokens: countPromptTokens(history) });
  });

  it('gives the fallback to a caller that stops waiting, and the learned window to the next', async () => {
    const model = provider().createModel('llama-test');
    await expect(model.contextWindow(AbortSignal.abort())).resolves.toEqual({ tokens: 8192, source: 'assumed', numCtx: 8192 });
    await expect(model.contextWindow()).resolves.toEqual({ tokens: 32_768, source: 'cap', numCtx: 32_768 });
  });
});

describe('Ollama provider connection check', () => {
  it('is ok when the model is listed, with or without its :latest tag', async () => {
    await expect(provider().checkConnection()).resolves.toEqual({ ok: true, models: 2 });
    await expect(provider({ model: 'qwen-test:7b' }).checkConnection()).resolves.toEqual({ ok: true, models: 2 });
  });

  it('names a missing model and the available ones', async () => {
    await expect(provider({ model: 'mistral' }).checkConnection()).resolves.toEqual({
      ok: false,
      problem: 'model mistral is not available',
      hint: 'available: llama-test:latest, qwen-test:7b',
    });
  });

  it('says Ollama cannot be reached when nothing listens', async () => {
    const closed = await startFakeModelServer();
    await closed.close();
    await expect(provider({ baseUrl: closed.ollamaUrl }).checkConnection()).resolves.toEqual({
      ok: false,
      problem: `cannot reach ${closed.ollamaUrl}`,
      hint: 'is Ollama running? Start it with `ollama serve`',
    });
  });

  it('says the API key was refused on 401', async () => {
    const guarded = await startFakeModelServer({ models: ['llama-test'], apiKey: 'right-key' });
    try {
      const check = provider({ apiKey: 'wrong-key', mode: 'cloud', baseUrl: guarded.ollamaUrl }).checkConnection();
      await expect(check).resolves.toEqual({ ok: false, problem: 'the API key was refused', hint: 'check api_key or OLLAMA_API_KEY' });
    } finally {
      await guarded.close();
    }
  });
});
