// `falcon config set --context-window/--num-ctx`, `config list` and `config test` on context windows,
// run in-process against a temporary Falcon home and the fake model servers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { runConfigSet } from '../../src/cli/config/config-edit-commands.js';
import { runConfigList } from '../../src/cli/config/config-list-command.js';
import { runConfigTest } from '../../src/cli/config/config-test-command.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { tempDir, writeText } from './temp-dir.js';

let home: string;
let output: string[];
let vllm: FakeModelServer;
let ollama: FakeModelServer;
const savedHome = process.env.FALCON_HOME;

beforeAll(async () => {
  vllm = await startFakeModelServer({ flavor: 'vllm', models: [{ name: 'qwen3-32b', contextLength: 32_768 }] });
  ollama = await startFakeModelServer({ models: [{ name: 'llama3.2:latest', contextLength: 131_072 }] });
});
afterAll(async () => {
  await Promise.all([vllm.close(), ollama.close()]);
});
beforeEach(async () => {
  home = await tempDir();
  process.env.FALCON_HOME = home;
  output = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    output.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (savedHome === undefined) delete process.env.FALCON_HOME;
  else process.env.FALCON_HOME = savedHome;
});

const configFile = () => join(home, 'config.yaml');
const written = async () => parse(await readFile(configFile(), 'utf8')) as { providers: Record<string, { config?: Record<string, unknown> }> };
const writeConfig = (config: unknown) => writeText(configFile(), stringify(config));
const lines = () => stripVTControlCharacters(output.join('')).split('\n');

describe('falcon config set --context-window / --num-ctx', () => {
  it('writes them, saying what they do, and removes them when empty', async () => {
    await writeConfig({ providers: { ollama: { model: 'llama3.2' } } });
    await runConfigSet('ollama', { contextWindow: '16,384', numCtx: '65536' });
    expect((await written()).providers.ollama?.config).toEqual({ context_window: 16_384, num_ctx: 65_536 });
    expect(lines()).toContain('ollama works within at most 16,384 tokens; a smaller window its server names still wins.');
    await runConfigSet('ollama', { contextWindow: '', numCtx: '' });
    expect((await written()).providers.ollama).not.toHaveProperty('config');
  });

  it.each([
    [{ contextWindow: '32k' }, '--context-window: expected a number of tokens such as 32768, got "32k"'],
    [{ contextWindow: '100' }, 'providers.lmstudio.config.context_window: expected 512 or more, got 100'],
    [{ numCtx: '8192' }, 'lmstudio: num_ctx applies only to Ollama; set the window of an OpenAI-compatible server with context_window'],
  ])('refuses %o, leaving the file as it was', async (options, message) => {
    await writeConfig({ providers: { lmstudio: { model: 'm', config: { base_url: 'http://localhost:1234/v1' } } } });
    const before = await readFile(configFile(), 'utf8');
    await expect(runConfigSet('lmstudio', options)).rejects.toMatchObject({ name: 'UsageError', message });
    expect(await readFile(configFile(), 'utf8')).toBe(before);
  });
});

describe('falcon config list', () => {
  it('shows a configured window, and says the others are learned from the server', async () => {
    await writeConfig({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2', config: { num_ctx: 65_536 } }, vllm: { model: 'qwen3-32b', config: { base_url: 'http://gpu-box:8000/v1' } } },
    });
    await runConfigList({});
    expect(lines().slice(1)).toEqual([
      '  ollama  llama3.2   default URL             no key  num_ctx 65,536  default',
      '  vllm    qwen3-32b  http://gpu-box:8000/v1  no key',
      'Other context windows are learned from each server when a session starts.',
      '',
    ]);
  });

  it('says so in JSON too', async () => {
    await writeConfig({
      providers: { vllm: { model: 'qwen3-32b', config: { base_url: 'http://gpu-box:8000/v1', context_window: 16_384 } }, openai: { model: 'gpt-4o' } },
    });
    await runConfigList({ json: true });
    expect(JSON.parse(output.join('')).providers).toEqual([
      expect.objectContaining({ id: 'vllm', contextWindow: 16_384, contextWindowFrom: 'config' }),
      expect.objectContaining({ id: 'openai', contextWindowFrom: 'server' }),
    ]);
  });
});

describe('falcon config test', () => {
  it('prints the window each server gives', async () => {
    await writeConfig({
      providers: {
        vllm: { model: 'qwen3-32b', config: { base_url: vllm.openaiBaseUrl } },
        ollama: { model: 'llama3.2', config: { url: ollama.ollamaUrl } },
        small: { model: 'qwen3-32b', config: { base_url: vllm.openaiBaseUrl, context_window: 8192 } },
      },
    });
    await expect(runConfigTest(undefined)).resolves.toBe(0);
    expect(lines()).toEqual([
      '✓ vllm: qwen3-32b is available (1 model listed)',
      '    context window 32,768 tokens (from the server)',
      '✓ ollama: llama3.2 is available (1 model listed)',
      '    context window 32,768 tokens, sent as num_ctx (Falcon’s cap; set num_ctx to raise it)',
      '✓ small: qwen3-32b is available (1 model listed)',
      '    context window 8,192 tokens (from context_window in the config)',
      '',
    ]);
  });
});
