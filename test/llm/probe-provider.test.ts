import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/config/types.js';
import { checkProvider, learnContextWindow, listProviderModels } from '../../src/llm/probe-provider.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const KEY = 'sk-test-0123456789abcdef';
const MODELS = ['gpt-4o-mini', 'gpt-4.1', 'o3-mini'];
let server: FakeModelServer;
let silent: { url: string; close(): Promise<void> };
let down: string;

beforeAll(async () => {
  server = await startFakeModelServer({ models: MODELS, apiKey: KEY });
  silent = await startSilentServer();
  const closed = await startSilentServer();
  await closed.close();
  down = closed.url;
});
afterAll(async () => {
  await server.close();
  await silent.close();
});

const openai = (extra: Partial<ProviderSettings> = {}): ProviderSettings => ({
  id: 'openai',
  protocol: 'openai',
  model: 'gpt-4.1',
  apiKey: KEY,
  baseUrl: server.openaiBaseUrl,
  ...extra,
});
const ollama = (extra: Partial<ProviderSettings> = {}): ProviderSettings => ({
  id: 'ollama',
  protocol: 'ollama',
  model: 'o3-mini',
  apiKey: KEY,
  baseUrl: server.ollamaUrl,
  ...extra,
});

describe('listProviderModels', () => {
  it('lists what an OpenAI-compatible server and an Ollama server answer', async () => {
    expect(await listProviderModels(openai())).toEqual({ ok: true, models: MODELS });
    expect(await listProviderModels(ollama())).toEqual({ ok: true, models: MODELS });
  });

  it.each([
    ['a refused key', () => openai({ apiKey: 'sk-wrong' }), 'the API key was refused', 'check api_key or OPENAI_API_KEY'],
    ['no key', () => ollama({ apiKey: undefined, mode: 'cloud' }), 'no API key is set', 'check api_key or OLLAMA_API_KEY'],
    ['a server that is down', () => ollama({ baseUrl: down }), 'cannot reach DOWN', 'is Ollama running? Start it with `ollama serve`'],
    [
      'a server with no model list',
      () => openai({ baseUrl: `${server.ollamaUrl}/nothing-here` }),
      'OLLAMA/nothing-here does not list models',
      'check the base URL',
    ],
    [
      'a provider that cannot be set up',
      () => ({ id: 'lmstudio', protocol: 'openai' as const, model: 'm' }),
      'needs a base URL',
      'run `falcon config` to set it',
    ],
  ])('says why a server did not list its models: %s', async (_case, settings, problem, hint) => {
    const listing = await listProviderModels(settings());
    expect(listing).toEqual({ ok: false, problem: expect.stringContaining(problem.replace('DOWN', down).replace('OLLAMA', server.ollamaUrl)), hint });
  });

  it('says when a server did not answer in time', async () => {
    expect(await listProviderModels(openai({ baseUrl: `${silent.url}/v1` }), { timeoutMs: 300 })).toEqual({
      ok: false,
      problem: `no answer from ${silent.url}/v1 within 0.3 s`,
      hint: 'check the URL and that the server is up',
    });
  });

  it('throws when the caller stops it', async () => {
    await expect(listProviderModels(openai({ baseUrl: silent.url }), { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});

describe('checkProvider', () => {
  it('says the configured model is available', async () => {
    expect(await checkProvider(openai())).toEqual({ ok: true, models: 3 });
    expect(await checkProvider(ollama())).toEqual({ ok: true, models: 3 });
  });

  it.each([
    ['a refused key', () => openai({ apiKey: 'sk-wrong' }), 'the API key was refused', 'check api_key or OPENAI_API_KEY'],
    ['no key', () => openai({ apiKey: undefined }), 'no API key is set', 'check api_key or OPENAI_API_KEY'],
    ['an unknown model', () => openai({ model: 'gpt-5-turbo' }), 'model gpt-5-turbo is not available', 'available: gpt-4o-mini, gpt-4.1, o3-mini'],
    ['a server that is down', () => ollama({ baseUrl: down }), 'cannot reach DOWN', 'is Ollama running? Start it with `ollama serve`'],
  ])('explains %s, with a hint', async (_case, settings, problem, hint) => {
    expect(await checkProvider(settings())).toEqual({ ok: false, problem: problem.replace('DOWN', down), hint });
  });

  it('gives up on a server that never answers', async () => {
    const check = await checkProvider(openai({ baseUrl: `${silent.url}/v1` }), { timeoutMs: 300 });
    expect(check).toEqual({ ok: false, problem: `no answer from ${silent.url}/v1 within 0.3 s`, hint: 'check the URL and that the server is up' });
  });

  it('reports a server with no base URL as a setup problem', async () => {
    const check = await checkProvider({ id: 'lmstudio', protocol: 'openai', model: 'm' });
    expect(check).toMatchObject({ ok: false, problem: expect.stringContaining('needs a base URL') });
  });
});

describe('learnContextWindow', () => {
  it('gives the window a session would work inside', async () => {
    await expect(learnContextWindow(openai())).resolves.toEqual({ tokens: 1_047_576, source: 'known-model' });
    await expect(learnContextWindow(ollama({ numCtx: 16_384 }))).resolves.toEqual({ tokens: 16_384, source: 'config', numCtx: 16_384 });
  });

  it('gives nothing for a provider that cannot be set up, and throws when the caller stops it', async () => {
    await expect(learnContextWindow({ id: 'lmstudio', protocol: 'openai', model: 'm' })).resolves.toBeUndefined();
    await expect(learnContextWindow(openai({ baseUrl: `${silent.url}/v1` }), { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});

/** Accepts connections and never answers. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const tcp: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => tcp.close(() => resolve()));
    },
  };
}
