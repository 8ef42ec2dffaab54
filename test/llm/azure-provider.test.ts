import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ProviderSettings } from '../../src/config/types.js';
import { createAzureProvider } from '../../src/llm/azure-provider.js';
import { ModelError, ModelSetupError } from '../../src/llm/model-errors.js';
import { countPromptTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const KEY = 'azure-key-0123456789abcdef';
const messages: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'say hello' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ apiKey: KEY, azure: { deployments: ['prod-gpt4o'], apiVersions: ['2024-10-21'] } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

function settings(overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    id: 'azure',
    protocol: 'azure',
    model: 'gpt-4o',
    deployment: 'prod-gpt4o',
    apiVersion: '2024-10-21',
    apiKey: KEY,
    baseUrl: server.url,
    ...overrides,
  };
}

describe('Azure OpenAI provider', () => {
  it('streams a reply from the deployment with the api-key header and api-version, and reads the cached tokens', async () => {
    server.script([{ text: 'Final Answer: hello from Azure', usage: { promptTokens: 1200, completionTokens: 7, cachedTokens: 1024 } }]);
    const deltas: string[] = [];
    const model = createAzureProvider(settings()).createModel('gpt-4o');
    const reply = await model.chat({ messages, signal: new AbortController().signal, onDelta: (text) => deltas.push(text) });

    expect(reply).toEqual({
      text: 'Final Answer: hello from Azure',
      usage: { inputTokens: 1200, outputTokens: 7, cachedInputTokens: 1024 },
      reportedInputTokens: 1200,
    });
    expect(deltas.join('')).toBe('Final Answer: hello from Azure');
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ path: '/openai/deployments/prod-gpt4o/chat/completions', model: 'prod-gpt4o', stream: true, messages });
    expect(request.headers['api-key']).toBe(KEY);
    expect(request.headers.authorization).toBeUndefined();
    expect(model.model).toBe('gpt-4o');
  });

  it('asks for a whole reply when streaming is off', async () => {
    server.script(['Final Answer: whole']);
    const reply = await createAzureProvider(settings({ stream: false }))
      .createModel('gpt-4o')
      .chat({ messages, signal: new AbortController().signal });
    expect(reply.text).toBe('Final Answer: whole');
    expect(reply.usage.inputTokens).toBe(countPromptTokens(messages));
    expect(server.requests.at(-1)).toMatchObject({ stream: false, model: 'prod-gpt4o' });
  });

  it('calls a model named in no setting as the deployment of that name', async () => {
    server.script(['Final Answer: yes']);
    await createAzureProvider(settings({ deployment: undefined, model: 'prod-gpt4o' }))
      .createModel('prod-gpt4o')
      .chat({ messages, signal: new AbortController().signal });
    expect(server.requests.at(-1)?.path).toBe('/openai/deployments/prod-gpt4o/chat/completions');
  });

  it('takes the window from the model table without asking the server', async () => {
    const window = await createAzureProvider(settings()).createModel('gpt-4o').contextWindow();
    expect(window).toMatchObject({ tokens: 128_000 });
    expect(server.metadataRequests).toEqual([]);
  });

  it('lists the configured deployment, and proves key, deployment and api-version with one real call', async () => {
    const provider = createAzureProvider(settings());
    await expect(provider.listModels()).resolves.toEqual(['prod-gpt4o']);
    await expect(provider.checkConnection()).resolves.toEqual({ ok: true, models: 1 });
    expect(server.requests.at(-1)).toMatchObject({ path: '/openai/deployments/prod-gpt4o/chat/completions' });
  });

  it('explains a refused key, an unknown deployment and an unknown api-version as Azure answers them', async () => {
    await expect(createAzureProvider(settings({ apiKey: 'wrong-key-0123456789' })).checkConnection()).resolves.toMatchObject({
      ok: false,
      problem: 'the API key was refused',
      hint: expect.stringContaining('AZURE_OPENAI_API_KEY'),
    });
    for (const wrong of [{ deployment: 'nope' }, { apiVersion: '2020-01-01' }]) {
      const check = await createAzureProvider(settings(wrong)).checkConnection();
      expect(check).toMatchObject({ ok: false, problem: expect.stringMatching(/has no deployment (nope|prod-gpt4o) answering api-version/) });
    }
    expect(server.requests).toEqual([]);
  });

  it('fails a chat with the key refused as a model error naming the provider', async () => {
    const chat = createAzureProvider(settings({ apiKey: 'wrong-key-0123456789' }))
      .createModel('gpt-4o')
      .chat({ messages, signal: new AbortController().signal });
    await expect(chat).rejects.toBeInstanceOf(ModelError);
    await expect(chat).rejects.toThrow(/azure/);
  });

  it('says which setting is missing before any request', () => {
    expect(() => createAzureProvider(settings({ baseUrl: undefined }))).toThrow(ModelSetupError);
    expect(() => createAzureProvider(settings({ apiVersion: undefined }))).toThrow(/api_version/);
    expect(() => createAzureProvider(settings({ apiKey: undefined }))).toThrow(/AZURE_OPENAI_API_KEY/);
  });
});
