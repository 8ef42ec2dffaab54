import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { falconHome, globalConfigPath } from '../../src/config/falcon-home.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { DEFAULT_RETRY_DELAYS_MS } from '../../src/config/types.js';
import { tempDir, writeText } from './temp-dir.js';
import { requirePlatform } from '../support/required-tools.js';

const DOCUMENTED_EXAMPLE = `default_provider: ollama
fallback: [openrouter]            # optional, tried in order after retries fail
providers:
  ollama:     {model: llama3.2, config: {mode: local, url: "http://localhost:11434"}}
  openai:     {model: gpt-4o-mini, config: {api_key: "sk-file", base_url: "https://openai.example/v1"}}
  openrouter: {model: google/gemini-2.5-flash, config: {api_key: "or-file"}}
  gemini:     {model: gemini-2.5-flash, config: {api_key: "gm-file"}}
`;

async function homeWith(yaml: string, mode?: number): Promise<string> {
  const home = await tempDir();
  await writeText(join(home, 'config.yaml'), yaml, mode);
  return home;
}

describe('falconHome', () => {
  it('is $FALCON_HOME when set, else ~/.falcon', () => {
    expect(falconHome({ FALCON_HOME: '/srv/falcon' })).toBe('/srv/falcon');
    expect(falconHome({ FALCON_HOME: '  ' })).toBe(join(homedir(), '.falcon'));
    expect(globalConfigPath({})).toBe(join(homedir(), '.falcon', 'config.yaml'));
  });
});

describe('loadGlobalConfig', () => {
  it('loads the example config the architecture document describes', async () => {
    const home = await homeWith(DOCUMENTED_EXAMPLE);
    const { config, path, exists, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(path).toBe(join(home, 'config.yaml'));
    expect(exists).toBe(true);
    expect(warnings).toEqual([]);
    expect(config).toEqual({
      defaultProvider: 'ollama',
      fallback: ['openrouter'],
      retry: { delaysMs: DEFAULT_RETRY_DELAYS_MS },
      providers: {
        ollama: { id: 'ollama', protocol: 'ollama', model: 'llama3.2', mode: 'local', baseUrl: 'http://localhost:11434' },
        openai: { id: 'openai', protocol: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-file', baseUrl: 'https://openai.example/v1' },
        openrouter: { id: 'openrouter', protocol: 'openai', model: 'google/gemini-2.5-flash', apiKey: 'or-file' },
        gemini: { id: 'gemini', protocol: 'openai', model: 'gemini-2.5-flash', apiKey: 'gm-file' },
      },
    });
  });

  it('reads Azure’s deployment and api-version, its key from AZURE_OPENAI_API_KEY, and a provider’s pricing', async () => {
    const home = await homeWith(`providers:
  azure:
    model: gpt-4o
    config: {base_url: "https://contoso.openai.azure.com", deployment: prod-gpt4o, api_version: "2024-10-21", pricing: {input: 2.5, output: 10}}
  openai: {model: gpt-4o-mini, config: {deployment: ignored, pricing: {input: 0.15, output: 0.6, cached_input: 0.075}}}
`);
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home, AZURE_OPENAI_API_KEY: 'az-env-key' } });
    expect(config.providers.azure).toEqual({
      id: 'azure',
      protocol: 'azure',
      model: 'gpt-4o',
      apiKey: 'az-env-key',
      baseUrl: 'https://contoso.openai.azure.com',
      deployment: 'prod-gpt4o',
      apiVersion: '2024-10-21',
      pricing: { input: 2.5, output: 10, cachedInput: 2.5 },
    });
    expect(config.providers.openai).toEqual({
      id: 'openai',
      protocol: 'openai',
      model: 'gpt-4o-mini',
      pricing: { input: 0.15, output: 0.6, cachedInput: 0.075 },
    });
  });

  it('treats a missing file as an empty configuration', async () => {
    const home = await tempDir();
    const loaded = await loadGlobalConfig({ env: {}, home });
    expect(loaded).toEqual({
      config: { fallback: [], providers: {}, retry: { delaysMs: DEFAULT_RETRY_DELAYS_MS } },
      path: join(home, 'config.yaml'),
      exists: false,
      warnings: [],
    });
  });

  it('does not invent providers from environment keys alone', async () => {
    const home = await homeWith('retry: {delays_ms: [0, 10]}\n');
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home, OPENAI_API_KEY: 'sk-env' } });
    expect(config.providers).toEqual({});
    expect(config.retry.delaysMs).toEqual([0, 10]);
  });

  it('fills empty keys and URLs from the environment', async () => {
    const home = await homeWith(`providers:
  openai: {model: gpt-4o-mini, config: {api_key: ""}}
  openrouter: {model: x/y}
  gemini: {model: gemini-2.5-flash, config: {api_key: }}
  ollama: {model: llama3.2}
`);
    const env = {
      FALCON_HOME: home,
      OPENAI_API_KEY: 'sk-env',
      OPENAI_BASE_URL: 'https://proxy.example/v1',
      OPENROUTER_API_KEY: 'or-env',
      GEMINI_API_KEY: 'gm-env',
      OLLAMA_API_KEY: 'ol-env',
      OLLAMA_HOST: 'http://gpu-box:11434',
    };
    const { providers } = (await loadGlobalConfig({ env })).config;

    expect(providers.openai).toMatchObject({ apiKey: 'sk-env', baseUrl: 'https://proxy.example/v1' });
    expect(providers.openrouter).toEqual({ id: 'openrouter', protocol: 'openai', model: 'x/y', apiKey: 'or-env' });
    expect(providers.gemini?.apiKey).toBe('gm-env');
    expect(providers.ollama).toMatchObject({ apiKey: 'ol-env', baseUrl: 'http://gpu-box:11434' });
  });

  it('prefers what the file says over the environment', async () => {
    const home = await homeWith(DOCUMENTED_EXAMPLE);
    const env = {
      FALCON_HOME: home,
      OPENAI_API_KEY: 'sk-env',
      OPENAI_BASE_URL: 'https://env.example/v1',
      OPENROUTER_API_KEY: 'or-env',
      OLLAMA_HOST: 'elsewhere:1',
    };
    const { providers } = (await loadGlobalConfig({ env })).config;

    expect(providers.openai).toMatchObject({ apiKey: 'sk-file', baseUrl: 'https://openai.example/v1' });
    expect(providers.openrouter?.apiKey).toBe('or-file');
    expect(providers.ollama?.baseUrl).toBe('http://localhost:11434');
  });

  it('accepts OLLAMA_HOST without a scheme', async () => {
    const home = await homeWith('providers:\n  ollama: {model: llama3.2}\n');
    const load = (OLLAMA_HOST: string) => loadGlobalConfig({ env: { FALCON_HOME: home, OLLAMA_HOST } });

    expect((await load('10.0.0.5:11434')).config.providers.ollama?.baseUrl).toBe('http://10.0.0.5:11434');
    expect((await load('gpu-box')).config.providers.ollama?.baseUrl).toBe('http://gpu-box:11434');
  });

  it('keeps an Ollama cloud provider off the local OLLAMA_HOST', async () => {
    const home = await homeWith('providers:\n  ollama: {model: gpt-oss:120b, config: {mode: cloud}}\n');
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home, OLLAMA_HOST: 'localhost:11434', OLLAMA_API_KEY: 'k' } });
    expect(config.providers.ollama).toEqual({ id: 'ollama', protocol: 'ollama', model: 'gpt-oss:120b', mode: 'cloud', apiKey: 'k' });
  });

  it('takes the protocol from config.type, else from the provider name', async () => {
    const home = await homeWith(`providers:
  gpu-box: {model: qwen3, config: {type: ollama, url: "gpu-box:11434"}}
  lm-studio: {model: local-model, config: {base_url: "http://localhost:1234/v1"}}
  ollama: {model: llama3.2, config: {type: openai, base_url: "http://localhost:11434/v1"}}
`);
    const { providers } = (await loadGlobalConfig({ env: { FALCON_HOME: home, OLLAMA_HOST: 'ignored:1' } })).config;

    expect(providers['gpu-box']).toEqual({ id: 'gpu-box', protocol: 'ollama', model: 'qwen3', baseUrl: 'http://gpu-box:11434' });
    expect(providers['lm-studio']).toMatchObject({ protocol: 'openai', baseUrl: 'http://localhost:1234/v1' });
    expect(providers.ollama).toMatchObject({ protocol: 'openai', baseUrl: 'http://localhost:11434/v1' });
  });

  it('speaks the Messages API for anthropic and for any entry of type anthropic, the key and URL of anthropic from the environment', async () => {
    const home = await homeWith(`providers:
  anthropic: {model: claude-sonnet-4-5}
  gateway: {model: claude-haiku-4-5, config: {type: anthropic, base_url: "https://llm.example", api_key: "gw-key"}}
`);
    const env = { FALCON_HOME: home, ANTHROPIC_API_KEY: 'sk-ant-env', ANTHROPIC_BASE_URL: 'https://proxy.example' };
    const { providers } = (await loadGlobalConfig({ env })).config;

    expect(providers.anthropic).toEqual({
      id: 'anthropic',
      protocol: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-env',
      baseUrl: 'https://proxy.example',
    });
    expect(providers.gateway).toEqual({ id: 'gateway', protocol: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'gw-key', baseUrl: 'https://llm.example' });
  });

  it('warns that mode is ignored on a provider that is not Ollama', async () => {
    const home = await homeWith('providers:\n  openai:\n    model: gpt-4o\n    config: {mode: local}\n');
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.providers.openai).not.toHaveProperty('mode');
    expect(warnings).toEqual([`${join(home, 'config.yaml')}:4: providers.openai.config.mode: applies only to Ollama providers, ignored`]);
  });

  it('reads context_window for any provider and num_ctx for Ollama, warning that num_ctx means nothing elsewhere', async () => {
    const home = await homeWith(`providers:
  ollama:
    model: qwen3
    config: {num_ctx: 65536, context_window: 60000}
  vllm:
    model: qwen3
    config:
      base_url: http://gpu-box:8000/v1
      context_window: 32768
      num_ctx: 4096
`);
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.providers.ollama).toMatchObject({ numCtx: 65_536, contextWindow: 60_000 });
    expect(config.providers.vllm).toMatchObject({ contextWindow: 32_768 });
    expect(config.providers.vllm).not.toHaveProperty('numCtx');
    expect(warnings).toEqual([`${join(home, 'config.yaml')}:10: providers.vllm.config.num_ctx: applies only to Ollama providers, ignored`]);
  });

  it('reads timeout_s for any provider', async () => {
    const home = await homeWith(`providers:
  ollama: {model: qwen3, config: {timeout_s: 240}}
  openai: {model: gpt-4o-mini, config: {timeout_s: 2.5}}
  gemini: {model: gemini-2.5-flash}
`);
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.providers.ollama).toMatchObject({ timeoutS: 240 });
    expect(config.providers.openai).toMatchObject({ timeoutS: 2.5 });
    expect(config.providers.gemini).not.toHaveProperty('timeoutS');
  });

  it('warns when API keys sit in a file others can read', requirePlatform('posix', 'POSIX file modes'), async () => {
    const shared = await homeWith(DOCUMENTED_EXAMPLE, 0o644);
    const { warnings } = await loadGlobalConfig({ env: { FALCON_HOME: shared } });
    expect(warnings).toEqual([
      `${join(shared, 'config.yaml')}: holds API keys that other users can read (mode 644); run: chmod 600 ${join(shared, 'config.yaml')}`,
    ]);

    const keyless = await homeWith('providers:\n  ollama: {model: llama3.2}\n', 0o644);
    expect((await loadGlobalConfig({ env: { FALCON_HOME: keyless } })).warnings).toEqual([]);
  });
});
