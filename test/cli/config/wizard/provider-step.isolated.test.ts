// The driver comes first: it installs the testing prompts before the wizard imports its own.
import { expectQuestion, screen, startWizard, writtenConfig } from './wizard-driver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../support/fake-model-server.mjs';

const KEY = 'sk-test-0123456789abcdef';
let keyed: FakeModelServer;
let open: FakeModelServer;
let azure: FakeModelServer;

beforeAll(async () => {
  keyed = await startFakeModelServer({ models: ['gpt-4o-mini', 'gpt-4.1', 'o3-mini'], apiKey: KEY });
  open = await startFakeModelServer({ models: ['llama3.2:latest', 'qwen2.5-coder:7b'] });
  azure = await startFakeModelServer({ apiKey: KEY, azure: { deployments: ['prod-gpt4o'] } });
});
afterAll(async () => {
  await keyed.close();
  await open.close();
  await azure.close();
});

describe('runConfigWizard: adding and updating a provider', () => {
  it('sets up a first provider: local Ollama, a model from its live list, tested, then saved', async () => {
    const run = await startWizard();
    expect(screen.getScreen()).toContain('Which provider?');
    screen.keypress('enter'); // Ollama
    await expectQuestion('Local Ollama or Ollama cloud?');
    screen.keypress('enter'); // Local
    await expectQuestion('Ollama URL');
    expect(screen.getScreen()).toContain('http://localhost:11434');
    screen.type(open.ollamaUrl);
    screen.keypress('enter');
    await expectQuestion('Model');
    expect(screen.getScreen()).toContain('❯ llama3.2:latest'); // the usual model, preselected
    screen.keypress('down');
    screen.keypress('enter'); // qwen2.5-coder:7b
    await expectQuestion('What would you like to do?');
    expect(screen.getScreen()).toContain('❯ Save and exit');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'qwen2.5-coder:7b', config: { mode: 'local', url: open.ollamaUrl } } },
    });
    expect(run.printed).toContain('✓ ollama: qwen2.5-coder:7b is available (2 models listed)');
    expect(run.printed).toContain('ollama is now the default provider.');
    expect(run.printed.at(-1)).toBe(`Saved ${run.file}.`);
  });

  it('offers the key from the environment, preselects the current model, and asks about the default', async () => {
    const yaml = `default_provider: ollama\nproviders:\n  ollama: {model: llama3.2}\n  openai: {model: gpt-4.1}\n`;
    const run = await startWizard({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: keyed.openaiBaseUrl }, yaml);
    expect(screen.getScreen()).toContain('What would you like to do?');
    screen.keypress('enter'); // Add or update a provider
    await expectQuestion('Which provider?');
    expect(screen.getScreen()).toContain('OpenAI (configured: gpt-4.1)');
    screen.keypress('down');
    screen.keypress('enter'); // OpenAI
    await expectQuestion('OpenAI API key');
    expect(screen.getScreen()).toContain('Use OPENAI_API_KEY from the environment (sk-…cdef)');
    screen.keypress('enter');
    await expectQuestion('Model');
    expect(screen.getScreen()).toContain('❯ gpt-4.1');
    screen.keypress('up');
    screen.keypress('enter'); // gpt-4o-mini
    await expectQuestion('Make openai the default provider (now ollama)?');
    screen.type('y');
    screen.keypress('enter');
    await expectQuestion('What would you like to do?');
    screen.keypress('enter'); // Save and exit is preselected after a change

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'openai',
      providers: { ollama: { model: 'llama3.2' }, openai: { model: 'gpt-4o-mini' } },
    });
  });

  it('sets up Anthropic with the key from ANTHROPIC_API_KEY and a model from its live list', async () => {
    const anthropic = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001'], apiKey: KEY });
    try {
      const run = await startWizard({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.anthropicBaseUrl });
      expect(screen.getScreen()).toContain('Anthropic');
      screen.keypress('down');
      screen.keypress('down');
      screen.keypress('enter'); // Anthropic
      await expectQuestion('Anthropic API key');
      expect(screen.getScreen()).toContain('Use ANTHROPIC_API_KEY from the environment (sk-…cdef)');
      screen.keypress('enter');
      await expectQuestion('Model');
      expect(screen.getScreen()).toContain('claude-haiku-4-5-20251001');
      screen.keypress('down');
      screen.keypress('enter'); // claude-haiku-4-5-20251001
      await expectQuestion('What would you like to do?');
      screen.keypress('enter');

      await expect(run.result).resolves.toBe(true);
      expect(await writtenConfig(run.file)).toEqual({ default_provider: 'anthropic', providers: { anthropic: { model: 'claude-haiku-4-5-20251001' } } });
      expect(run.printed).toContain('✓ anthropic: claude-haiku-4-5-20251001 is available (2 models listed)');
      expect(anthropic.metadataRequests.map((request) => `${request.method} ${request.path}`)).toContain('GET /v1/models');
    } finally {
      await anthropic.close();
    }
  });

  it('says plainly what failed, and lets the settings be changed until they work', async () => {
    const run = await startWizard({ OPENAI_BASE_URL: keyed.openaiBaseUrl });
    screen.keypress('down');
    screen.keypress('enter'); // OpenAI
    await expectQuestion('OpenAI API key');
    screen.type('sk-wrong-key-000000');
    expect(screen.getScreen()).not.toContain('sk-wrong'); // masked
    screen.keypress('enter');
    await expectQuestion('Model');
    expect(run.printed).toEqual(
      expect.arrayContaining([
        'openai did not list its models: the API key was refused',
        '    check api_key or OPENAI_API_KEY',
        'Type the name of the model to use.',
      ]),
    );
    screen.keypress('enter'); // the usual model, gpt-4o-mini
    await expectQuestion('What now?');
    expect(run.printed).toEqual(expect.arrayContaining(['✗ openai: the API key was refused', '    check api_key or OPENAI_API_KEY']));
    screen.keypress('enter'); // Change the settings
    await expectQuestion('OpenAI API key');
    screen.keypress('down');
    screen.keypress('enter'); // Enter a new key
    await expectQuestion('OpenAI API key');
    screen.type(KEY);
    screen.keypress('enter');
    await expectQuestion('Model');
    screen.keypress('enter');
    await expectQuestion('What would you like to do?');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-4o-mini', config: { api_key: KEY } } },
    });
  });

  it('adds an OpenAI-compatible server by its base URL, searching a long model list', async () => {
    const many = await startFakeModelServer({ models: Array.from({ length: 30 }, (_, i) => `model-${i}`) });
    try {
      const run = await startWizard();
      for (let i = 0; i < 6; i++) screen.keypress('down');
      screen.keypress('enter'); // Another OpenAI-compatible server
      await expectQuestion('A name for this server');
      screen.type('vllm');
      screen.keypress('enter');
      await expectQuestion('Base URL of the server');
      screen.type(many.openaiBaseUrl);
      screen.keypress('enter');
      await expectQuestion('vllm API key');
      screen.keypress('down');
      screen.keypress('enter'); // No key
      await expectQuestion('Model (type to filter)');
      screen.type('model-2');
      await screen.next();
      expect(screen.getScreen()).toContain('model-27');
      expect(screen.getScreen()).not.toContain('model-13');
      screen.type('7');
      await screen.next();
      screen.keypress('enter');
      await expectQuestion('What would you like to do?');
      screen.keypress('enter');

      await expect(run.result).resolves.toBe(true);
      expect(await writtenConfig(run.file)).toEqual({
        default_provider: 'vllm',
        providers: { vllm: { model: 'model-27', config: { base_url: many.openaiBaseUrl } } },
      });
    } finally {
      await many.close();
    }
  });

  it('adds Azure OpenAI: endpoint, deployment, API version and the key from the environment, tested with a call to the deployment', async () => {
    const run = await startWizard({ AZURE_OPENAI_API_KEY: KEY });
    for (let i = 0; i < 5; i++) screen.keypress('down');
    screen.keypress('enter'); // Azure OpenAI
    await expectQuestion('Endpoint of the Azure OpenAI resource (https://NAME.openai.azure.com)');
    screen.type(azure.url);
    screen.keypress('enter');
    await expectQuestion('Deployment name');
    screen.type('prod-gpt4o');
    screen.keypress('enter');
    await expectQuestion('API version');
    expect(screen.getScreen()).toContain('2024-10-21');
    screen.keypress('enter');
    await expectQuestion('Azure OpenAI API key');
    expect(screen.getScreen()).toContain('Use AZURE_OPENAI_API_KEY from the environment (sk-…cdef)');
    screen.keypress('enter');
    await expectQuestion('Model');
    expect(screen.getScreen()).toContain('❯ prod-gpt4o'); // Azure lists no deployments: the one named is the list
    screen.keypress('enter');
    await expectQuestion('What would you like to do?');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'azure',
      providers: { azure: { model: 'prod-gpt4o', config: { base_url: azure.url, deployment: 'prod-gpt4o', api_version: '2024-10-21' } } },
    });
    expect(run.printed).toContain('✓ azure: prod-gpt4o is available (1 model listed)');
    expect(azure.requests.map((request) => request.path)).toEqual(['/openai/deployments/prod-gpt4o/chat/completions']);
  });
});
