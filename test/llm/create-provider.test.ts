import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FalconConfig, ProviderSettings } from '../../src/config/types.js';
import { createChatModel, createProvider } from '../../src/llm/create-provider.js';
import { ModelSetupError } from '../../src/llm/model-errors.js';
import type { ModelEvent } from '../../src/llm/model-events.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['gpt-test', 'gpt-big', 'llama-test'] });
});
afterAll(() => server.close());

function config(overrides: Partial<FalconConfig> = {}): FalconConfig {
  const providers: Record<string, ProviderSettings> = {
    local: { id: 'local', protocol: 'openai', model: 'gpt-test', baseUrl: server.openaiBaseUrl },
    ollama: { id: 'ollama', protocol: 'ollama', model: 'llama-test', baseUrl: server.ollamaUrl },
  };
  return { defaultProvider: 'local', fallback: ['ollama'], providers, retry: { delaysMs: [10] }, ...overrides };
}

const ignore = () => {};
const signal = new AbortController().signal;

describe('createProvider', () => {
  it('picks the implementation by protocol', async () => {
    server.script(['from ollama'], { model: 'llama-test' });
    const provider = createProvider(config().providers.ollama!);
    await provider.createModel('llama-test').chat({ messages: [{ role: 'user', content: 'hi' }], signal });
    expect(server.requests.at(-1)).toMatchObject({ protocol: 'ollama', model: 'llama-test' });
  });
});

describe('createChatModel', () => {
  it('starts with the default provider and its model', () => {
    const model = createChatModel(config(), {}, ignore);
    expect([model.provider, model.model]).toEqual(['local', 'gpt-test']);
  });

  it('honours a chosen provider and model', () => {
    expect(createChatModel(config(), { model: 'gpt-big' }, ignore).model).toBe('gpt-big');
    const model = createChatModel(config(), { provider: 'ollama' }, ignore);
    expect([model.provider, model.model]).toEqual(['ollama', 'llama-test']);
  });

  it('falls back to the configured providers, skipping the chosen one', async () => {
    server.script([{ status: 401 }], { model: 'llama-test' });
    server.script(['Final Answer: from local'], { model: 'gpt-test' });
    const events: ModelEvent[] = [];
    const model = createChatModel(config({ fallback: ['ollama', 'local'] }), { provider: 'ollama' }, (event) => events.push(event));
    await expect(model.chat({ messages: [{ role: 'user', content: 'hi' }], signal })).resolves.toMatchObject({ text: 'Final Answer: from local' });
    expect(events).toEqual([{ type: 'provider_switch', from: 'ollama/llama-test', to: 'local/gpt-test', reason: expect.any(String) }]);
  });

  it('uses the only configured provider when none is the default', () => {
    const only = config({ defaultProvider: undefined, fallback: [] });
    delete only.providers.ollama;
    expect(createChatModel(only, {}, ignore).provider).toBe('local');
  });

  it('explains how to configure a provider when there is none', () => {
    const empty = config({ defaultProvider: undefined, fallback: [], providers: {} });
    const attempt = () => createChatModel(empty, {}, ignore, { configPath: '/home/ada/.falcon/config.yaml' });
    expect(attempt).toThrow(ModelSetupError);
    expect(attempt).toThrow(
      /Run `falcon config` to set one up, or add one to \/home\/ada\/\.falcon\/config\.yaml, for example:\n\ndefault_provider: ollama\nproviders:\n  ollama: \{model: llama3\.2/,
    );
  });

  it('names the configured providers when asked for an unknown one', () => {
    expect(() => createChatModel(config(), { provider: 'anthropic' }, ignore)).toThrow(
      'Provider "anthropic" is not configured in ~/.falcon/config.yaml. Configured providers: local, ollama.',
    );
    expect(() => createChatModel(config({ fallback: ['typo'] }), {}, ignore)).toThrow('Fallback provider "typo" is not configured');
  });

  it('says where to set a model when the provider has none', () => {
    const noModel = config();
    noModel.providers.local = { ...noModel.providers.local!, model: '' };
    expect(() => createChatModel(noModel, {}, ignore)).toThrow('No model is set for provider "local". Set providers.local.model in ~/.falcon/config.yaml.');
  });
});
