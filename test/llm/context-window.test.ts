import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/config/types.js';
import { chooseContextWindow } from '../../src/llm/context-window/choose-context-window.js';
import { isLocalUrl } from '../../src/llm/context-window/is-local-url.js';
import { knownModelWindow } from '../../src/llm/context-window/known-model-windows.js';
import { LearnedOnce } from '../../src/llm/context-window/learned-once.js';
import { ollamaContextWindow, readOllamaContextLength } from '../../src/llm/context-window/ollama-context-window.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import { startFakeModelServer, type FakeModelServer, type FakeModelServerOptions } from '../support/fake-model-server.mjs';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';

const servers: FakeModelServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function serverWith(options: FakeModelServerOptions) {
  const server = await startFakeModelServer(options);
  servers.push(server);
  return server;
}

function windowOf(server: FakeModelServer, model: string, extra: Partial<ProviderSettings> = {}) {
  const settings: ProviderSettings = { id: 'local', protocol: 'openai', model, baseUrl: server.openaiBaseUrl, ...extra };
  return createOpenAIProvider(settings).createModel(model).contextWindow();
}

describe('what an OpenAI-compatible server says of its window', () => {
  it('vLLM: max_model_len in /v1/models', async () => {
    const server = await serverWith({ flavor: 'vllm', models: [{ name: 'qwen-32b', contextLength: 32_768 }, 'other'] });
    await expect(windowOf(server, 'qwen-32b')).resolves.toEqual({ tokens: 32_768, source: 'server' });
  });

  it('OpenRouter: context_length in its model list', async () => {
    const server = await serverWith({ flavor: 'openrouter', models: [{ name: 'qwen/qwen3-coder', contextLength: 262_144 }] });
    await expect(windowOf(server, 'qwen/qwen3-coder', { id: 'openrouter' })).resolves.toEqual({ tokens: 262_144, source: 'server' });
  });

  it('LM Studio: the loaded context length when the model is loaded, else its maximum', async () => {
    const server = await serverWith({
      flavor: 'lmstudio',
      models: [
        { name: 'qwen3-8b', contextLength: 40_960, loadedContextLength: 8192 },
        { name: 'gemma-3-4b', contextLength: 131_072 },
      ],
    });
    await expect(windowOf(server, 'qwen3-8b')).resolves.toEqual({ tokens: 8192, source: 'server' });
    await expect(windowOf(server, 'gemma-3-4b')).resolves.toEqual({ tokens: 131_072, source: 'server' });
  });

  it('llama.cpp: the n_ctx it runs with from /props, before the n_ctx_train of its model list', async () => {
    const server = await serverWith({ flavor: 'llamacpp', models: [{ name: 'model.gguf', contextLength: 131_072, loadedContextLength: 16_384 }] });
    await expect(windowOf(server, 'model.gguf')).resolves.toEqual({ tokens: 16_384, source: 'server' });
    expect(server.metadataRequests.map((request) => request.path).sort()).toEqual(['/api/v0/models', '/props', '/v1/models']);
  });

  it('asks each server once per model instance', async () => {
    const server = await serverWith({ flavor: 'vllm', models: [{ name: 'm', contextLength: 4096 }] });
    const model = createOpenAIProvider({ id: 'local', protocol: 'openai', model: 'm', baseUrl: server.openaiBaseUrl }).createModel('m');
    await Promise.all([model.contextWindow(), model.contextWindow()]);
    await model.contextWindow();
    expect(server.metadataRequests.filter((request) => request.path === '/v1/models')).toHaveLength(1);
  });

  it('lets the config lower the window, never raise it past the server’s', async () => {
    const server = await serverWith({ flavor: 'vllm', models: [{ name: 'm', contextLength: 32_768 }] });
    await expect(windowOf(server, 'm', { contextWindow: 16_384 })).resolves.toEqual({ tokens: 16_384, source: 'config' });
    await expect(windowOf(server, 'm', { contextWindow: 65_536 })).resolves.toEqual({ tokens: 32_768, source: 'server' });
  });

  it('uses the config, then a known model, then 8,192 when the server does not say', async () => {
    const server = await serverWith({ models: ['gpt-4o-mini', 'my-model'] });
    await expect(windowOf(server, 'my-model', { contextWindow: 20_000 })).resolves.toEqual({ tokens: 20_000, source: 'config' });
    await expect(windowOf(server, 'gpt-4o-mini')).resolves.toEqual({ tokens: 128_000, source: 'known-model' });
    await expect(windowOf(server, 'my-model')).resolves.toEqual({ tokens: 8192, source: 'assumed' });
  });

  it('sends the API key with its questions, and takes a refusal as silence', async () => {
    const server = await serverWith({ flavor: 'vllm', models: [{ name: 'm', contextLength: 4096 }], apiKey: 'sk-right' });
    await expect(windowOf(server, 'm', { apiKey: 'sk-right' })).resolves.toEqual({ tokens: 4096, source: 'server' });
    await expect(windowOf(server, 'm', { apiKey: 'sk-wrong' })).resolves.toEqual({ tokens: 8192, source: 'assumed' });
  });

  it('goes on without a server that does not answer, when the caller stops waiting', async () => {
    const hanging = createServer(() => {}); // takes every request and never answers
    const url = await listenOnLoopback(hanging);
    try {
      const model = createOpenAIProvider({ id: 'local', protocol: 'openai', model: 'm', baseUrl: `${url}/v1` }).createModel('m');
      // Only the caller's signal can end the questions: the server never answers.
      await expect(model.contextWindow(AbortSignal.timeout(200))).resolves.toEqual({ tokens: 8192, source: 'assumed' });
    } finally {
      await closeServer(hanging);
    }
  });

  it('takes odd answers as silence', async () => {
    const odd = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const bodies: Record<string, string> = {
        '/v1/models': JSON.stringify({ data: [{ id: 'm', max_model_len: -5, context_length: 'lots' }, null, 7] }),
        '/api/v0/models': JSON.stringify({ data: 'none' }),
      };
      res.end(bodies[new URL(req.url ?? '/', 'http://x').pathname] ?? 'not json');
    });
    const url = await listenOnLoopback(odd);
    try {
      const model = createOpenAIProvider({ id: 'local', protocol: 'openai', model: 'm', baseUrl: `${url}/v1` }).createModel('m');
      await expect(model.contextWindow()).resolves.toEqual({ tokens: 8192, source: 'assumed' });
    } finally {
      await closeServer(odd);
    }
  });
});

describe('chooseContextWindow', () => {
  it('takes the smaller of server and config, each alone, then a known model, then the default', () => {
    expect(chooseContextWindow({ model: 'x', server: 32_768, configured: 8192 })).toEqual({ tokens: 8192, source: 'config' });
    expect(chooseContextWindow({ model: 'x', server: 32_768, configured: 32_768 })).toEqual({ tokens: 32_768, source: 'server' });
    expect(chooseContextWindow({ model: 'gpt-4o', server: 4096 })).toEqual({ tokens: 4096, source: 'server' });
    expect(chooseContextWindow({ model: 'gpt-4o', configured: 300_000 })).toEqual({ tokens: 300_000, source: 'config' });
    expect(chooseContextWindow({ model: 'claude-sonnet-4' })).toEqual({ tokens: 200_000, source: 'known-model' });
    expect(chooseContextWindow({ model: 'mystery' })).toEqual({ tokens: 8192, source: 'assumed' });
  });
});

describe('knownModelWindow', () => {
  it.each([
    ['gpt-4o-mini', 128_000],
    ['openai/gpt-4o', 128_000],
    ['gpt-4.1-nano', 1_047_576],
    ['gpt-4', 8192],
    ['gpt-4-turbo-2024-04-09', 128_000],
    ['gpt-5-mini', 400_000],
    ['gpt-5-chat-latest', 128_000],
    ['o3-mini', 200_000],
    ['o1-mini', 128_000],
    ['models/gemini-2.5-flash', 1_048_576],
    ['google/gemini-2.0-flash-001', 1_048_576],
    ['anthropic/claude-3.5-sonnet', 200_000],
    ['meta-llama/llama-3.3-70b-instruct', 131_072],
  ])('%s: %i', (model, tokens) => {
    expect(knownModelWindow(model)).toBe(tokens);
  });

  it('knows nothing of other models', () => {
    expect(knownModelWindow('qwen2.5-coder:7b')).toBeUndefined();
    expect(knownModelWindow('llama3.2')).toBeUndefined();
  });
});

describe('ollamaContextWindow', () => {
  it('is the model’s window, capped at 32,768 unless num_ctx is configured', () => {
    expect(ollamaContextWindow({ modelWindow: 131_072 })).toEqual({ tokens: 32_768, source: 'cap', numCtx: 32_768 });
    expect(ollamaContextWindow({ modelWindow: 8192 })).toEqual({ tokens: 8192, source: 'server', numCtx: 8192 });
    expect(ollamaContextWindow({ modelWindow: 131_072, numCtx: 65_536 })).toEqual({ tokens: 65_536, source: 'config', numCtx: 65_536 });
    expect(ollamaContextWindow({ modelWindow: 16_384, numCtx: 65_536 })).toEqual({ tokens: 16_384, source: 'server', numCtx: 16_384 });
    expect(ollamaContextWindow({ modelWindow: 131_072, contextWindow: 65_536 })).toEqual({ tokens: 32_768, source: 'cap', numCtx: 32_768 });
    expect(ollamaContextWindow({ modelWindow: 131_072, numCtx: 65_536, contextWindow: 20_000 })).toEqual({ tokens: 20_000, source: 'config', numCtx: 20_000 });
  });

  it('without the model’s window: context_window or num_ctx from the config, else 8,192', () => {
    expect(ollamaContextWindow({})).toEqual({ tokens: 8192, source: 'assumed', numCtx: 8192 });
    expect(ollamaContextWindow({ contextWindow: 16_384 })).toEqual({ tokens: 16_384, source: 'config', numCtx: 16_384 });
    expect(ollamaContextWindow({ numCtx: 65_536 })).toEqual({ tokens: 65_536, source: 'config', numCtx: 65_536 });
  });
});

describe('readOllamaContextLength', () => {
  it('reads <architecture>.context_length, or any *.context_length', () => {
    expect(readOllamaContextLength({ model_info: { 'general.architecture': 'qwen2', 'qwen2.context_length': 32_768, 'llama.context_length': 1 } })).toBe(
      32_768,
    );
    expect(readOllamaContextLength({ model_info: { 'gemma3.context_length': 131_072 } })).toBe(131_072);
  });

  it('takes odd answers as silence', () => {
    for (const odd of [undefined, null, 'x', {}, { model_info: null }, { model_info: { 'general.architecture': 'llama', 'llama.context_length': 'big' } }]) {
      expect(readOllamaContextLength(odd)).toBeUndefined();
    }
  });
});

describe('isLocalUrl', () => {
  it.each([
    ['http://localhost:1234/v1', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:8000/v1', true],
    ['http://192.168.1.20:1234/v1', true],
    ['http://10.0.0.5:8000/v1', true],
    ['http://172.20.0.3:8000/v1', true],
    ['http://gpu-box:8000/v1', true],
    ['http://studio.local:1234/v1', true],
    ['https://api.together.xyz/v1', false],
    ['https://openrouter.ai/api/v1', false],
    ['http://172.40.0.3:8000/v1', false],
    ['not a url', false],
  ])('%s: %s', (url, local) => {
    expect(isLocalUrl(url)).toBe(local);
  });
});

describe('LearnedOnce', () => {
  it('learns once for every caller, and a rejection is the fallback', async () => {
    let learned = 0;
    const once = new LearnedOnce(
      async () => ++learned,
      () => -1,
    );
    expect(await Promise.all([once.get(), once.get(), once.get(new AbortController().signal)])).toEqual([1, 1, 1]);
    expect(learned).toBe(1);
    await expect(
      new LearnedOnce(
        () => Promise.reject(new Error('no')),
        () => -1,
      ).get(),
    ).resolves.toBe(-1);
  });

  it('lets a caller stop waiting without changing what the others get', async () => {
    let finish!: (value: number) => void;
    const once = new LearnedOnce(
      () => new Promise<number>((resolve) => (finish = resolve)),
      () => -1,
    );
    const controller = new AbortController();
    const impatient = once.get(controller.signal);
    const patient = once.get();
    controller.abort();
    await expect(impatient).resolves.toBe(-1);
    finish(42);
    await expect(patient).resolves.toBe(42);
    await expect(once.get()).resolves.toBe(42);
  });
});
