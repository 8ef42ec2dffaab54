import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/agent/messages.js';
import type { ProviderSettings } from '../../src/config/types.js';
import { ModelError } from '../../src/llm/model-errors.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import type { ProviderOptions } from '../../src/llm/provider-options.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'say hello' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['llama-test:latest', 'qwen-test:7b'] });
});
afterAll(() => server.close());

function provider(overrides: Partial<ProviderSettings> = {}, options: ProviderOptions = {}) {
  const settings: ProviderSettings = { id: 'ollama', protocol: 'ollama', model: 'llama-test', baseUrl: server.ollamaUrl, ...overrides };
  return createOllamaProvider(settings, options);
}

function chat(options: ProviderOptions = {}, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const reply = provider({}, options).createModel('llama-test').chat({ messages, signal, onDelta: (text) => deltas.push(text) });
  return { reply, deltas };
}

describe('Ollama provider', () => {
  it('streams NDJSON in deltas and reports prompt_eval_count/eval_count as usage', async () => {
    server.script([{ text: 'Final Answer: hello there', chunkSize: 5 }]);
    const { reply, deltas } = chat();
    await expect(reply).resolves.toEqual({ text: 'Final Answer: hello there', usage: { inputTokens: 5, outputTokens: 4 } });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Final Answer: hello there');
    expect(server.requests.at(-1)).toMatchObject({ protocol: 'ollama', path: '/api/chat', model: 'llama-test', stream: true, messages });
  });

  it('asks for a whole reply when streaming is off and passes it on as one delta', async () => {
    server.script(['Final Answer: in one piece']);
    const { reply, deltas } = chat({ stream: false });
    await expect(reply).resolves.toEqual({ text: 'Final Answer: in one piece', usage: { inputTokens: 5, outputTokens: 5 } });
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
    const started = Date.now();
    controller.abort();
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops a hanging whole reply promptly when the signal aborts', async () => {
    server.script([{ text: 'Final Answer: never finished', hangAfterChars: 6 }]);
    const controller = new AbortController();
    const { reply } = chat({ stream: false }, controller.signal);
    await expect.poll(() => server.requests.at(-1)?.stream).toBe(false);
    const started = Date.now();
    controller.abort();
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps Retry-After, which the SDK itself drops', async () => {
    server.script([{ status: 429, headers: { 'retry-after': '3' } }]);
    const error = await chat().reply.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 3000 });
  });

  it('reports an unknown model as a 404 that is not retried', async () => {
    server.script([{ status: 404, body: { error: 'model "missing" not found, try pulling it first' } }]);
    const error = await provider().createModel('missing').chat({ messages, signal: new AbortController().signal }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, transient: false });
    expect((error as Error).message).toContain('model "missing" not found');
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
