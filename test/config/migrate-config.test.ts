import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { openGlobalConfigForEdit } from '../../src/config/editable-global-config.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { isLegacyConfig, migrateLegacyConfig } from '../../src/config/migrate-config.js';
import { setDefault } from '../../src/config/provider-roles.js';
import { saveGlobalConfig } from '../../src/config/save-global-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/go-falcon/', import.meta.url));
const NOTICE = 'written by an earlier Falcon; read in the current format (`falcon config` saves it so; until then the file is unchanged)';

async function homeWith(yaml: string): Promise<{ home: string; file: string }> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  await writeText(file, yaml);
  return { home, file };
}

async function homeWithFixture(name: string): Promise<{ home: string; file: string }> {
  return homeWith(await readFile(join(FIXTURES, name), 'utf8'));
}

/** Every scalar in a parsed YAML value. */
function scalars(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object') return [value];
  return Object.values(value).flatMap(scalars);
}

describe('isLegacyConfig', () => {
  it('recognises the old keys only when none of the current ones are present', () => {
    expect(isLegacyConfig({ provider: 'ollama', default_model: 'llama3.2' })).toBe(true);
    expect(isLegacyConfig({ openai_api_key: 'k' })).toBe(true);
    expect(isLegacyConfig({ providers: {}, provider: 'ollama' })).toBe(false);
    expect(isLegacyConfig({ default_provider: 'openai' })).toBe(false);
    expect(isLegacyConfig(null)).toBe(false);
  });
});

describe('migrateLegacyConfig', () => {
  it('turns provider / default_model / provider_config into a provider entry', () => {
    const migrated = migrateLegacyConfig({
      provider: 'ollama',
      default_model: 'llama3.2',
      provider_config: { mode: 'cloud', url: 'https://ollama.com', api_key: 'k' },
    });
    expect(migrated.config).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2', config: { mode: 'cloud', url: 'https://ollama.com', api_key: 'k' } } },
    });
    expect(migrated.notes).toEqual([]);
    expect(migrated.assumedModels).toEqual([]);
    expect(migrated.sourceOf(['providers', 'ollama', 'config', 'url'])).toEqual(['provider_config', 'url']);
    expect(migrated.sourceOf(['providers', 'ollama', 'model'])).toEqual(['default_model']);
  });

  it('names the URL base_url for an OpenAI-compatible provider', () => {
    const { config } = migrateLegacyConfig({ provider: 'openai', default_model: 'gpt-4o', provider_config: { url: 'http://proxy/v1' } });
    expect(config.providers).toEqual({ openai: { model: 'gpt-4o', config: { base_url: 'http://proxy/v1' } } });
  });

  it('keeps the flat keys of other providers as providers with their usual model', () => {
    const migrated = migrateLegacyConfig({
      provider: 'gemini',
      default_model: 'gemini-2.5-flash',
      gemini_api_key: 'gm',
      openai_api_key: 'sk',
      ollama_url: 'http://localhost:11434',
    });
    expect(migrated.config).toEqual({
      default_provider: 'gemini',
      providers: {
        gemini: { model: 'gemini-2.5-flash', config: { api_key: 'gm' } },
        openai: { model: 'gpt-4o-mini', config: { api_key: 'sk' } },
        ollama: { model: 'llama3.2', config: { url: 'http://localhost:11434' } },
      },
    });
    expect(migrated.assumedModels).toEqual([
      { id: 'openai', model: 'gpt-4o-mini' },
      { id: 'ollama', model: 'llama3.2' },
    ]);
    expect(migrated.notes).toEqual([]);
    expect(migrated.sourceOf(['providers', 'openai', 'config', 'api_key'])).toEqual(['openai_api_key']);
  });

  it('takes the provider from the flat keys when only one provider is mentioned', () => {
    const { config } = migrateLegacyConfig({ default_model: 'llama3.2', ollama_url: 'localhost:11434', ollama_api_key: 'k' });
    expect(config).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2', config: { url: 'localhost:11434', api_key: 'k' } } },
    });
  });

  it('takes Ollama as the active provider among several, as the first Falcon spoke only to Ollama', () => {
    const { config } = migrateLegacyConfig({ default_model: 'qwen2.5', ollama_url: 'localhost:11434', openai_api_key: 'sk' });
    expect(config.default_provider).toBe('ollama');
    expect(config.providers).toMatchObject({ ollama: { model: 'qwen2.5' }, openai: { model: 'gpt-4o-mini' } });
  });

  it('says which value it drops when provider_config and a flat key both set it', () => {
    const migrated = migrateLegacyConfig({ provider: 'ollama', default_model: 'm', provider_config: { url: 'http://a' }, ollama_url: 'http://b' });
    expect(migrated.config.providers).toEqual({ ollama: { model: 'm', config: { url: 'http://a' } } });
    expect(migrated.notes).toEqual([{ path: ['ollama_url'], message: 'not carried over: provider_config sets url too, and wins' }]);
  });
});

describe('loadGlobalConfig on files of the Go Falcon', () => {
  it.each(['provider-config.yaml', 'active-and-flat-keys.yaml', 'flat-ollama.yaml', 'flat-keys-only.yaml', 'openai-proxy.yaml'])(
    'keeps every value of %s, leaving the file unchanged',
    async (fixture) => {
      const { home, file } = await homeWithFixture(fixture);
      const before = await readFile(file, 'utf8');
      const { raw, migrated } = await openGlobalConfigForEdit({ env: { FALCON_HOME: home } });

      expect(migrated).toBe(true);
      const kept = scalars(raw);
      for (const value of scalars(parse(before))) expect(kept).toContain(value);
      expect(await readFile(file, 'utf8')).toBe(before);
    },
  );

  it('reads the provider_config shape with a one-line notice', async () => {
    const { home, file } = await homeWithFixture('provider-config.yaml');
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(config.defaultProvider).toBe('ollama');
    expect(config.providers).toEqual({
      ollama: { id: 'ollama', protocol: 'ollama', model: 'llama3.2', mode: 'local', baseUrl: 'http://localhost:11434' },
    });
    expect(warnings).toEqual([`${file}: ${NOTICE}`]);
  });

  it('names the providers it kept, and their models, in the same line', async () => {
    const { home, file } = await homeWithFixture('active-and-flat-keys.yaml');
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(config.defaultProvider).toBe('openrouter');
    expect(config.providers).toEqual({
      openrouter: { id: 'openrouter', protocol: 'openai', model: 'google/gemini-2.5-flash', apiKey: 'or-key-0123456789' },
      gemini: { id: 'gemini', protocol: 'openai', model: 'gemini-2.5-flash', apiKey: 'gm-key-0123456789' },
      openai: { id: 'openai', protocol: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-key-0123456789' },
      ollama: { id: 'ollama', protocol: 'ollama', model: 'llama3.2', baseUrl: 'http://gpu-box:11434' },
    });
    expect(warnings).toEqual([
      `${file}: ${NOTICE}; kept gemini (model gemini-2.5-flash), openai (model gpt-4o-mini), ollama (model llama3.2), ` +
        'set another model with `falcon config set <provider> --model <name>`',
    ]);
  });

  it('gives a file of flat keys alone the usual models and no default', async () => {
    const { home } = await homeWithFixture('flat-keys-only.yaml');
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.defaultProvider).toBeUndefined();
    expect(Object.values(config.providers).map(({ id, model }) => [id, model])).toEqual([
      ['openai', 'gpt-4o-mini'],
      ['gemini', 'gemini-2.5-flash'],
    ]);
  });

  it('points errors at the old keys', async () => {
    const { home, file } = await homeWith('provider: ollama\nollama_url: localhost\ndefault_model: 5\n');
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`${file}:3: default_model: expected a string, got 5`);
  });

  it('names default_model when the old file names a provider but no model', async () => {
    const { home, file } = await homeWith('provider: openai\nopenai_api_key: sk\n');
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
    expect(error.message).toBe(`${file}:1: default_model: is required`);
  });

  it('is written in the new format by the first edit, and loads the same', async () => {
    const { home, file } = await homeWithFixture('active-and-flat-keys.yaml');
    const before = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    const opened = await openGlobalConfigForEdit({ env: { FALCON_HOME: home } });

    await saveGlobalConfig(file, setDefault(opened.raw, 'openrouter').raw);
    const after = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(after.config).toEqual(before.config);
    // The Go original's `theme` is a key of today's format too.
    expect(after.warnings).toEqual([]);
    const written = parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(['default_provider', 'providers', 'theme']);
  });
});
