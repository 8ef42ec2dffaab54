import { chmod, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const KEY = 'sk-test-0123456789abcdef';
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['gpt-4o-mini', 'llama3.2:latest', 'qwen2.5-coder:7b'], apiKey: KEY });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const configFile = () => path.join(sandbox.home, 'config.yaml');
/** As messages show it: the sandbox's HOME holds its Falcon home. */
const shownConfigFile = () => path.join('~', path.basename(sandbox.home), 'config.yaml');
const falcon = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) =>
  runFalcon(['config', ...args], { cwd: sandbox.project, env: sandbox.env(options.env), stdin: options.stdin });
const written = async () => parse(await readFile(configFile(), 'utf8')) as Record<string, unknown>;

describe('falcon config set, default, fallback, remove', () => {
  it('builds a file step by step, private, in the current format', async () => {
    await rm(sandbox.home, { recursive: true });
    expect((await falcon(['set', 'openai', '--api-key', KEY, '--base-url', models.openaiBaseUrl])).code).toBe(0);
    expect((await falcon(['set', 'ollama', '--url', models.ollamaUrl, '--model', 'qwen2.5-coder:7b'])).code).toBe(0);
    expect((await falcon(['set', 'lmstudio', '--base-url', 'http://localhost:1234/v1', '--model', 'qwen'])).code).toBe(0);
    expect((await falcon(['fallback', 'lmstudio', 'ollama'])).stdout).toContain('Fallback order: lmstudio, ollama.');
    // The new default leaves the fallback order: no provider is its own fallback.
    expect((await falcon(['default', 'ollama'])).stdout).toContain(
      'ollama is now the default provider.\nRemoved ollama from the fallback order: it is the default provider.\n',
    );

    expect(await written()).toEqual({
      default_provider: 'ollama',
      fallback: ['lmstudio'],
      providers: {
        openai: { model: 'gpt-4o-mini', config: { api_key: KEY, base_url: models.openaiBaseUrl } },
        ollama: { model: 'qwen2.5-coder:7b', config: { url: models.ollamaUrl } },
        lmstudio: { model: 'qwen', config: { base_url: 'http://localhost:1234/v1' } },
      },
    });
    expect((await stat(sandbox.home)).mode & 0o777).toBe(0o700);
    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
    expect(await readdir(sandbox.home)).toEqual(['config.yaml']);

    const removed = await falcon(['remove', 'ollama']);
    expect(removed.stdout).toContain('Removed ollama.\nollama was the default provider; the default is now lmstudio.');
    expect(await written()).toMatchObject({ default_provider: 'lmstudio' });
    expect(await written()).not.toHaveProperty('fallback');
  });

  it('never leaves a provider as its own fallback: default, fallback and remove keep them apart, and doctor agrees', async () => {
    await rm(sandbox.home, { recursive: true });
    expect((await falcon(['set', 'openai', '--api-key', KEY, '--base-url', models.openaiBaseUrl])).code).toBe(0);
    expect((await falcon(['set', 'ollama', '--url', models.ollamaUrl, '--model', 'qwen2.5-coder:7b'])).code).toBe(0);
    expect((await falcon(['set', 'lmstudio', '--base-url', 'http://localhost:1234/v1', '--model', 'qwen'])).code).toBe(0);
    expect((await falcon(['fallback', 'ollama', 'lmstudio'])).code).toBe(0);
    const refused = await falcon(['fallback', 'lmstudio', 'openai']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('openai is the default provider: the fallback order names the providers tried after it fails');

    expect((await falcon(['default', 'lmstudio'])).code).toBe(0);
    expect(await written()).toMatchObject({ default_provider: 'lmstudio', fallback: ['ollama'] });
    // Removing the others leaves one provider, the default: it is no fallback of its own.
    expect((await falcon(['remove', 'openai'])).code).toBe(0);
    expect((await falcon(['default', 'ollama'])).stdout).toContain('Removed ollama from the fallback order: it is the default provider.');
    expect(await written()).toMatchObject({ default_provider: 'ollama' });
    expect(await written()).not.toHaveProperty('fallback');
    const doctor = await runFalcon(['doctor'], { cwd: sandbox.project, env: sandbox.env() });
    expect(doctor.stdout).not.toContain('its own fallback');
  });

  it('reads the key from stdin with --api-key -', async () => {
    const result = await falcon(['set', 'openrouter', '--api-key', '-'], { stdin: `${KEY}\n` });
    expect(result.code).toBe(0);
    expect(await written()).toEqual({
      default_provider: 'openrouter',
      providers: { openrouter: { model: 'google/gemini-2.5-flash', config: { api_key: KEY } } },
    });
  });

  it('sets and removes a context window and Ollama’s num_ctx', async () => {
    await sandbox.writeConfig({ providers: { ollama: { model: 'llama3.2' }, lmstudio: { model: 'qwen', config: { base_url: 'http://localhost:1234/v1' } } } });
    const set = await falcon(['set', 'ollama', '--num-ctx', '65536', '--context-window', '60,000']);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('ollama works within at most 60,000 tokens; a smaller window its server names still wins.');
    expect((await falcon(['set', 'lmstudio', '--context-window', '16384'])).code).toBe(0);
    expect(await written()).toMatchObject({
      providers: {
        ollama: { model: 'llama3.2', config: { num_ctx: 65_536, context_window: 60_000 } },
        lmstudio: { config: { base_url: 'http://localhost:1234/v1', context_window: 16_384 } },
      },
    });
    expect((await falcon(['list'])).stdout).toContain('context 60,000, num_ctx 65,536');
    expect((await falcon(['set', 'ollama', '--num-ctx', '', '--context-window', ''])).code).toBe(0);
    expect(await written()).toMatchObject({ providers: { ollama: { model: 'llama3.2' } } });
    expect((await written()).providers).not.toHaveProperty('ollama.config');
  });

  it('tightens a folder and a file that others can read', async () => {
    await sandbox.writeConfig({ providers: { openai: { model: 'gpt-4o-mini' } } });
    await chmod(sandbox.home, 0o755);
    await chmod(configFile(), 0o644);
    expect((await falcon(['set', 'openai', '--api-key', KEY])).code).toBe(0);
    expect((await stat(sandbox.home)).mode & 0o777).toBe(0o700);
    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
  });

  it.each([
    [['set', 'foo'], '"foo" is not a provider Falcon knows (ollama, openai, anthropic, openrouter, gemini, azure)'],
    [['set', 'ollama', '--base-url', 'http://x/v1'], 'ollama: base_url is for OpenAI-compatible servers; an Ollama provider takes url'],
    [['set', 'openai', '--model', ''], 'providers.openai.model: must not be empty'],
    [['set', 'ollama', '--mode', 'remote'], "option '--mode <mode>' argument 'remote' is invalid"],
    [['set', 'openai'], 'nothing to change for openai'],
    [['set', 'openai', '--context-window', '32k'], '--context-window: expected a number of tokens such as 32768, got "32k"'],
    [['set', 'openai', '--context-window', '100'], 'providers.openai.config.context_window: expected 512 or more, got 100'],
    [['set', 'openai', '--num-ctx', '8192'], 'openai: num_ctx applies only to Ollama'],
    [['default', 'gemini'], '"gemini" is not a configured provider (configured: openai)'],
    [['fallback', 'openai', 'gemini'], '"gemini" is not a configured provider'],
    [['remove', 'gemini'], '"gemini" is not a configured provider'],
    [['test', 'gemini'], '"gemini" is not a configured provider'],
    [['frobnicate'], "too many arguments for 'config'"],
  ])('exits 2 on bad usage (%j), leaving the file as it was', async (args, message) => {
    await sandbox.writeConfig({ providers: { openai: { model: 'gpt-4o-mini' } } });
    const before = await readFile(configFile(), 'utf8');
    const result = await falcon(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(await readFile(configFile(), 'utf8')).toBe(before);
  });

  it('refuses a malformed file with file, line and key, exits 1 and leaves it untouched', async () => {
    const yaml = 'default_provider: openai\nproviders:\n  openai:\n    model: [gpt-4o]\n';
    await writeFile(configFile(), yaml, { mode: 0o600 });
    for (const args of [['list'], ['set', 'openai', '--model', 'gpt-4.1'], ['test'], ['remove', 'openai']]) {
      const result = await falcon(args);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`falcon: ${shownConfigFile()}:4: providers.openai.model: expected a string, got a list\n`);
    }
    expect(await readFile(configFile(), 'utf8')).toBe(yaml);
  });

  it('rewrites a file of the Go Falcon in the current format, keeping every value', async () => {
    const legacy =
      'provider: ollama\ndefault_model: llama3.2\nprovider_config:\n  mode: local\n  url: http://gpu-box:11434\ngemini_api_key: gm-key-0123456789\n';
    await writeFile(configFile(), legacy, { mode: 0o600 });
    const result = await falcon(['set', 'gemini', '--model', 'gemini-2.5-pro']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('written by an earlier Falcon');
    expect(result.stdout).toContain('now in the current format');
    expect(await written()).toEqual({
      default_provider: 'ollama',
      providers: {
        ollama: { model: 'llama3.2', config: { mode: 'local', url: 'http://gpu-box:11434' } },
        gemini: { model: 'gemini-2.5-pro', config: { api_key: 'gm-key-0123456789' } },
      },
    });
  });
});

describe('falcon config list and path', () => {
  it('shows each provider with its model, URL, masked key and role', async () => {
    await sandbox.writeConfig({
      default_provider: 'ollama',
      fallback: ['openai'],
      providers: {
        ollama: { model: 'llama3.2', config: { mode: 'local' } },
        openai: { model: 'gpt-4o-mini' },
        gemini: { model: 'gemini-2.5-flash', config: { api_key: 'AIzaSy-file-key-7890' } },
      },
    });
    const result = await falcon(['list'], { env: { OPENAI_API_KEY: KEY, OLLAMA_HOST: 'gpu-box' } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(KEY);
    expect(result.stdout).not.toContain('\x1b['); // NO_COLOR
    expect(result.stdout.split('\n')).toEqual([
      `${shownConfigFile()}:`,
      '  ollama  llama3.2          http://gpu-box:11434 (from OLLAMA_HOST), local  no key                     default',
      '  openai  gpt-4o-mini       default URL                                     key (from OPENAI_API_KEY)  fallback 1',
      '  gemini  gemini-2.5-flash  default URL                                     key AIz…7890',
      'Fallback order: openai',
      'Context windows are learned from each server when a session starts.',
      '',
    ]);
  });

  it('prints JSON for scripts, keys masked', async () => {
    await sandbox.writeConfig({ providers: { openai: { model: 'gpt-4o-mini', config: { api_key: KEY } } } });
    const result = await falcon(['list', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({
      path: configFile(),
      exists: true,
      defaultProvider: 'openai',
      fallback: [],
      providers: [{ id: 'openai', protocol: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-…cdef', isDefault: true, contextWindowFrom: 'server' }],
    });
  });

  it('says how to start when nothing is configured, and prints the path', async () => {
    expect((await falcon(['list'])).stdout).toContain('No model provider is configured');
    expect((await falcon(['path'])).stdout).toBe(`${configFile()}\n`);
  });
});

describe('falcon config test', () => {
  it('checks every provider and exits 1 when one cannot connect, saying why and how to fix it', async () => {
    await sandbox.writeConfig({
      providers: {
        openai: { model: 'gpt-4o-mini', config: { api_key: KEY, base_url: models.openaiBaseUrl } },
        ollama: { model: 'llama3.2', config: { url: models.ollamaUrl, api_key: KEY } },
        openrouter: { model: 'x/unknown', config: { api_key: 'sk-or-wrong-000000', base_url: models.openaiBaseUrl } },
      },
    });
    const all = await falcon(['test']);
    expect(all.code).toBe(1);
    expect(all.stdout.split('\n')).toEqual([
      '✓ openai: gpt-4o-mini is available (3 models listed)',
      '    context window 128,000 tokens (known for this model)',
      '✓ ollama: llama3.2 is available (3 models listed)',
      '    context window 32,768 tokens, sent as num_ctx (Falcon’s cap; set num_ctx to raise it)',
      '✗ openrouter: the API key was refused',
      '    check api_key or OPENROUTER_API_KEY',
      '',
    ]);
    const one = await falcon(['test', 'openai']);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe('✓ openai: gpt-4o-mini is available (3 models listed)\n    context window 128,000 tokens (known for this model)\n');
  });

  it('sets up Anthropic with config set and tests it, a gateway of type anthropic too', async () => {
    const anthropic = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001'], apiKey: KEY });
    try {
      const set = await falcon(['set', 'anthropic', '--api-key', KEY, '--model', 'claude-sonnet-4-5', '--base-url', anthropic.anthropicBaseUrl]);
      expect(set.code).toBe(0);
      expect(await written()).toMatchObject({
        default_provider: 'anthropic',
        providers: { anthropic: { model: 'claude-sonnet-4-5', config: { api_key: KEY, base_url: anthropic.anthropicBaseUrl } } },
      });
      const config = await written();
      await sandbox.writeConfig({
        ...config,
        providers: {
          ...(config.providers as object),
          gateway: { model: 'claude-haiku-4-5', config: { type: 'anthropic', base_url: anthropic.anthropicBaseUrl, api_key: 'sk-wrong-000000' } },
        },
      });
      const result = await falcon(['test']);
      expect(result.code).toBe(1);
      expect(result.stdout.split('\n')).toEqual([
        '✓ anthropic: claude-sonnet-4-5 is available (2 models listed)',
        '    context window 200,000 tokens (known for this model)',
        '✗ gateway: the API key was refused',
        '    check providers.gateway.config.api_key',
        '',
      ]);
      expect((await falcon(['list'])).stdout).not.toContain(KEY);
    } finally {
      await anthropic.close();
    }
  });

  it('prints the context window the server gives', async () => {
    const vllm = await startFakeModelServer({ flavor: 'vllm', models: [{ name: 'qwen3-32b', contextLength: 32_768 }] });
    try {
      await sandbox.writeConfig({ providers: { vllm: { model: 'qwen3-32b', config: { base_url: vllm.openaiBaseUrl } } } });
      const result = await falcon(['test']);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('✓ vllm: qwen3-32b is available (1 model listed)\n    context window 32,768 tokens (from the server)\n');
    } finally {
      await vllm.close();
    }
  });

  it('names a model the server does not have', async () => {
    await sandbox.writeConfig({ providers: { lmstudio: { model: 'gpt-5', config: { api_key: KEY, base_url: models.openaiBaseUrl } } } });
    const result = await falcon(['test']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ lmstudio: model gpt-5 is not available\n    available: gpt-4o-mini, llama3.2:latest, qwen2.5-coder:7b');
  });

  it('exits 1 when nothing is configured', async () => {
    const result = await falcon(['test']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no model provider is configured');
  });
});
