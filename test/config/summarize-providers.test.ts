import { describe, expect, it } from 'vitest';
import { formatProviderList } from '../../src/config/format-provider-list.js';
import { maskApiKey } from '../../src/safety/mask-api-key.js';
import { plainText } from '../../src/config/paint.js';
import { summarizeProviders } from '../../src/config/summarize-providers.js';

const DATA = {
  default_provider: 'ollama',
  fallback: ['openai', 'lmstudio'],
  providers: {
    ollama: { model: 'llama3.2', config: { mode: 'local' as const } },
    openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-proj-abcdefghijklmnop' } },
    lmstudio: { model: 'qwen2.5-coder', config: { base_url: 'http://localhost:1234/v1' } },
    gemini: { model: 'gemini-2.5-flash' },
  },
};
const ENV = { OLLAMA_HOST: 'gpu-box', GEMINI_API_KEY: 'AIzaSyA-0123456789abcdef' };

describe('maskApiKey', () => {
  it('shows the first 3 and last 4 characters of a long key, nothing of a short one', () => {
    expect(maskApiKey('sk-proj-abcdefghijklmnop')).toBe('sk-…mnop');
    expect(maskApiKey('short-key')).toBe('***');
  });
});

describe('summarizeProviders', () => {
  it('says where each value comes from, never showing a key in clear', () => {
    expect(summarizeProviders(DATA, ENV)).toEqual([
      {
        id: 'ollama',
        protocol: 'ollama',
        model: 'llama3.2',
        mode: 'local',
        url: 'http://gpu-box:11434',
        urlFrom: 'OLLAMA_HOST',
        isDefault: true,
        contextWindowFrom: 'server',
      },
      { id: 'openai', protocol: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-…mnop', isDefault: false, fallbackRank: 1, contextWindowFrom: 'server' },
      {
        id: 'lmstudio',
        protocol: 'openai',
        model: 'qwen2.5-coder',
        url: 'http://localhost:1234/v1',
        isDefault: false,
        fallbackRank: 2,
        contextWindowFrom: 'server',
      },
      {
        id: 'gemini',
        protocol: 'openai',
        model: 'gemini-2.5-flash',
        apiKey: 'AIz…cdef',
        apiKeyFrom: 'GEMINI_API_KEY',
        isDefault: false,
        contextWindowFrom: 'server',
      },
    ]);
  });

  it('shows a configured context window and num_ctx', () => {
    const data = {
      providers: {
        ollama: { model: 'qwen3', config: { num_ctx: 65_536 } },
        lmstudio: { model: 'm', config: { base_url: 'http://localhost:1234/v1', context_window: 16_384 } },
      },
    };
    expect(summarizeProviders(data, {})).toMatchObject([
      { id: 'ollama', numCtx: 65_536, contextWindowFrom: 'config' },
      { id: 'lmstudio', contextWindow: 16_384, contextWindowFrom: 'config' },
    ]);
  });

  it('shows a configured timeout_s', () => {
    const data = { providers: { ollama: { model: 'qwen3', config: { timeout_s: 240 } }, openai: { model: 'm' } } };
    const [ollama, openai] = summarizeProviders(data, {});
    expect(ollama).toMatchObject({ id: 'ollama', timeoutS: 240, contextWindowFrom: 'server' });
    expect(openai).not.toHaveProperty('timeoutS');
    expect(formatProviderList([ollama!, openai!], plainText)).toEqual([
      '  ollama  qwen3  default URL  no key  timeout 240 s',
      '  openai  m      default URL  no key',
    ]);
  });

  it('shows a tool_protocol other than text', () => {
    const data = {
      providers: { ollama: { model: 'qwen3', config: { tool_protocol: 'auto' as const } }, openai: { model: 'm', config: { tool_protocol: 'text' as const } } },
    };
    const [ollama, openai] = summarizeProviders(data, {});
    expect(ollama).toMatchObject({ toolProtocol: 'auto' });
    expect(openai).not.toHaveProperty('toolProtocol');
    expect(formatProviderList([ollama!, openai!], plainText)).toEqual([
      '  ollama  qwen3  default URL  no key  tools auto',
      '  openai  m      default URL  no key',
    ]);
  });

  it('takes a lone provider as the default, as the agent does', () => {
    expect(summarizeProviders({ providers: { openai: { model: 'm' } } }, {})[0]?.isDefault).toBe(true);
  });
});

describe('formatProviderList', () => {
  it('adds a column for configured windows only when one is set', () => {
    const data = {
      default_provider: 'ollama',
      providers: {
        ollama: { model: 'qwen3', config: { num_ctx: 65_536, context_window: 60_000 } },
        openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-proj-abcdefghijklmnop' } },
        lmstudio: { model: 'm', config: { base_url: 'http://localhost:1234/v1', context_window: 16_384 } },
      },
    };
    expect(formatProviderList(summarizeProviders(data, {}), plainText)).toEqual([
      '  ollama    qwen3        default URL               no key        context 60,000, num_ctx 65,536  default',
      '  openai    gpt-4o-mini  default URL               key sk-…mnop',
      '  lmstudio  m            http://localhost:1234/v1  no key        context 16,384',
    ]);
  });

  it('aligns name, model, URL, key and role', () => {
    expect(formatProviderList(summarizeProviders(DATA, ENV), plainText)).toEqual([
      '  ollama    llama3.2          http://gpu-box:11434 (from OLLAMA_HOST), local  no key                     default',
      '  openai    gpt-4o-mini       default URL                                     key sk-…mnop               fallback 1',
      '  lmstudio  qwen2.5-coder     http://localhost:1234/v1                        no key                     fallback 2',
      '  gemini    gemini-2.5-flash  default URL                                     key (from GEMINI_API_KEY)',
    ]);
  });
});
