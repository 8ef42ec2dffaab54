import { describe, expect, it } from 'vitest';
import { ConfigEditError } from '../../src/config/config-error.js';
import { setProvider } from '../../src/config/set-provider.js';

const OLLAMA_AND_OPENAI = {
  default_provider: 'ollama',
  providers: {
    ollama: { model: 'llama3.2', config: { mode: 'local', url: 'http://localhost:11434' } },
    openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-saved' } },
  },
};

function editError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigEditError);
    return (error as Error).message;
  }
  throw new Error('expected the edit to be refused');
}

describe('setProvider', () => {
  it('adds a known provider with its usual model and makes the first one the default', () => {
    const edit = setProvider({}, 'openai', { apiKey: 'sk-new' });
    expect(edit.raw).toEqual({ default_provider: 'openai', providers: { openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-new' } } } });
    expect(edit.notes).toEqual(['openai is now the default provider']);
    expect(edit.data.providers?.openai?.model).toBe('gpt-4o-mini');
  });

  it('adds anthropic with its usual model, or the one given', () => {
    expect(setProvider({}, 'anthropic', { apiKey: 'sk-ant-new' }).raw.providers).toEqual({
      anthropic: { model: 'claude-sonnet-4-5', config: { api_key: 'sk-ant-new' } },
    });
    const edit = setProvider(OLLAMA_AND_OPENAI, 'anthropic', { apiKey: 'sk-ant-new', model: 'claude-opus-4-1' });
    expect(edit.data.providers?.anthropic).toEqual({ model: 'claude-opus-4-1', config: { api_key: 'sk-ant-new' } });
  });

  it('updates only the fields given, leaving the input as it was', () => {
    const before = structuredClone(OLLAMA_AND_OPENAI);
    const edit = setProvider(OLLAMA_AND_OPENAI, 'openai', { model: 'gpt-4.1' });
    expect(edit.raw.providers).toMatchObject({ openai: { model: 'gpt-4.1', config: { api_key: 'sk-saved' } } });
    expect(edit.notes).toEqual([]);
    expect(OLLAMA_AND_OPENAI).toEqual(before);
  });

  it('removes a key given as null or empty, so the environment variable applies again', () => {
    expect(setProvider(OLLAMA_AND_OPENAI, 'openai', { apiKey: null }).raw.providers).toMatchObject({ openai: { model: 'gpt-4o-mini' } });
    const emptied = setProvider(OLLAMA_AND_OPENAI, 'openai', { apiKey: '' }).raw.providers as Record<string, object>;
    expect(emptied.openai).toEqual({ model: 'gpt-4o-mini' });
  });

  it('adds an OpenAI-compatible server under a name of the user’s own', () => {
    const edit = setProvider(OLLAMA_AND_OPENAI, 'lmstudio', { baseUrl: 'http://localhost:1234/v1', model: 'qwen2.5-coder' });
    expect(edit.data.providers?.lmstudio).toEqual({ model: 'qwen2.5-coder', config: { base_url: 'http://localhost:1234/v1' } });
    expect(edit.data.default_provider).toBe('ollama');
  });

  it('switches Ollama to cloud, dropping the local URL and saying so', () => {
    const edit = setProvider(OLLAMA_AND_OPENAI, 'ollama', { mode: 'cloud', apiKey: 'ol-key' });
    expect(edit.data.providers?.ollama).toEqual({ model: 'llama3.2', config: { mode: 'cloud', api_key: 'ol-key' } });
    expect(edit.notes).toEqual(['Removed the url of ollama: Ollama cloud is reached at https://ollama.com']);
  });

  it('keeps keys it does not know, as the loader only warns about them', () => {
    const raw = { providers: { openai: { model: 'm', config: { api_key: 'k', organisation: 'x' } } }, theme: 'dark' };
    const edit = setProvider(raw, 'openai', { model: 'n' });
    expect(edit.raw).toEqual({ default_provider: 'openai', providers: { openai: { model: 'n', config: { api_key: 'k', organisation: 'x' } } }, theme: 'dark' });
  });

  it.each([
    ['an unknown provider without a base URL', 'foo', {}, /"foo" is not a provider Falcon knows \(ollama, openai, anthropic, openrouter, gemini, azure\)/],
    ['a new server without a model', 'vllm', { baseUrl: 'http://gpu:8000/v1' }, /^vllm is a new provider: give the model to use$/],
    ['a name with spaces', 'my server', { baseUrl: 'http://x/v1', model: 'm' }, /cannot name a provider/],
    ['a url for an OpenAI-compatible provider', 'openai', { url: 'http://x' }, /^openai: url is for Ollama; an OpenAI-compatible provider takes base_url$/],
    ['a url for an Anthropic provider', 'anthropic', { url: 'http://x' }, /^anthropic: url is for Ollama; an Anthropic provider takes base_url$/],
    ['a base URL for Ollama', 'ollama', { baseUrl: 'http://x' }, /^ollama: base_url is for OpenAI-compatible servers/],
    ['a mode for OpenAI', 'openai', { mode: 'cloud' as const }, /^openai: mode \(local or cloud\) applies only to Ollama$/],
    ['a base URL that is not http(s)', 'lmstudio', { baseUrl: 'localhost:1234', model: 'm' }, /base_url "localhost:1234" is not an http\(s\) URL/],
    ['an empty model', 'openai', { model: '  ' }, /^providers\.openai\.model: must not be empty$/],
  ])('refuses %s', (_case, id, fields, message) => {
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, id, fields))).toMatch(message);
  });

  it('sets and removes a context window, and num_ctx for Ollama, saying what they do', () => {
    const set = setProvider(OLLAMA_AND_OPENAI, 'ollama', { contextWindow: 16_384, numCtx: 65_536 });
    expect(set.data.providers?.ollama?.config).toEqual({ mode: 'local', url: 'http://localhost:11434', context_window: 16_384, num_ctx: 65_536 });
    expect(set.notes).toEqual([
      'ollama works within at most 16,384 tokens; a smaller window its server names still wins',
      "Ollama will run llama3.2 with num_ctx 65,536 tokens, or the model's own window when that is smaller",
    ]);
    const removed = setProvider(set.raw, 'ollama', { contextWindow: null, numCtx: null });
    expect(removed.data.providers?.ollama?.config).toEqual({ mode: 'local', url: 'http://localhost:11434' });
    expect(setProvider(OLLAMA_AND_OPENAI, 'openai', { contextWindow: 128_000 }).data.providers?.openai?.config).toEqual({
      api_key: 'sk-saved',
      context_window: 128_000,
    });
  });

  it('refuses num_ctx for a server that is not Ollama, and a window too small to be meant', () => {
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'openai', { numCtx: 8192 }))).toBe(
      'openai: num_ctx applies only to Ollama; set the window of an OpenAI-compatible server with context_window',
    );
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'ollama', { contextWindow: 32 }))).toBe(
      'providers.ollama.config.context_window: expected 512 or more, got 32',
    );
  });

  it('sets and removes timeout_s for any provider, saying what it does', () => {
    const set = setProvider(OLLAMA_AND_OPENAI, 'openai', { timeoutS: 90 });
    expect(set.data.providers?.openai?.config).toEqual({ api_key: 'sk-saved', timeout_s: 90 });
    expect(set.notes).toEqual(['A call to openai fails, and is retried, after 90 s without a byte from the server']);
    expect(setProvider(set.raw, 'openai', { timeoutS: null }).data.providers?.openai?.config).toEqual({ api_key: 'sk-saved' });
    expect(setProvider(OLLAMA_AND_OPENAI, 'ollama', { timeoutS: 2.5 }).data.providers?.ollama?.config).toMatchObject({ timeout_s: 2.5 });
  });

  it('sets tool_protocol native or auto, saying how to try it, and text removes it', () => {
    const native = setProvider(OLLAMA_AND_OPENAI, 'openai', { toolProtocol: 'native' });
    expect(native.data.providers?.openai?.config).toEqual({ api_key: 'sk-saved', tool_protocol: 'native' });
    expect(native.notes).toEqual(['openai gets its tools through its own tool API; falcon config test openai tries a call']);
    const auto = setProvider(OLLAMA_AND_OPENAI, 'ollama', { toolProtocol: 'auto' });
    expect(auto.notes).toEqual(['ollama gets its tools through its own tool API when the model takes tools; falcon config test ollama tries a call']);
    expect(setProvider(native.raw, 'openai', { toolProtocol: 'text' }).data.providers?.openai?.config).toEqual({ api_key: 'sk-saved' });
  });

  it('refuses a timeout below a second or beyond what Node waits', () => {
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'ollama', { timeoutS: 0 }))).toBe('providers.ollama.config.timeout_s: expected 1 or more, got 0');
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'ollama', { timeoutS: 600 }))).toBe(
      "providers.ollama.config.timeout_s: expected 300 or less (Node's fetch gives up after 300 s of silence), got 600",
    );
  });

  it('accepts an Ollama host written as OLLAMA_HOST is (host:port)', () => {
    expect(setProvider(OLLAMA_AND_OPENAI, 'ollama', { url: 'gpu-box:11434' }).data.providers?.ollama?.config?.url).toBe('gpu-box:11434');
  });

  it('adds Azure OpenAI with its endpoint, deployment and api-version, the deployment standing for the model', () => {
    const edit = setProvider({}, 'azure', {
      baseUrl: 'https://contoso.openai.azure.com',
      deployment: 'prod-gpt4o',
      apiVersion: '2024-10-21',
      apiKey: 'az-key',
    });
    expect(edit.raw.providers).toEqual({
      azure: {
        model: 'prod-gpt4o',
        config: { base_url: 'https://contoso.openai.azure.com', deployment: 'prod-gpt4o', api_version: '2024-10-21', api_key: 'az-key' },
      },
    });
    const named = setProvider({}, 'azure', { model: 'gpt-4o', deployment: 'prod-gpt4o' });
    expect(named.data.providers?.azure).toEqual({ model: 'gpt-4o', config: { deployment: 'prod-gpt4o' } });
    expect(setProvider(named.raw, 'azure', { apiVersion: null }).data.providers?.azure?.config).toEqual({ deployment: 'prod-gpt4o' });
  });

  it('refuses a deployment or an api-version for a provider that is not Azure', () => {
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'openai', { deployment: 'x' }))).toBe(
      'openai: deployment and api_version apply only to Azure OpenAI',
    );
    expect(editError(() => setProvider(OLLAMA_AND_OPENAI, 'ollama', { apiVersion: '2024-10-21' }))).toBe(
      'ollama: deployment and api_version apply only to Azure OpenAI',
    );
  });
});
