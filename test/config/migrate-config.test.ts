import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { isLegacyConfig, migrateLegacyConfig } from '../../src/config/migrate-config.js';
import { saveGlobalConfig } from '../../src/config/save-global-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

async function homeWith(yaml: string): Promise<{ home: string; file: string }> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  await writeText(file, yaml);
  return { home, file };
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
    expect(migrated.sourceOf(['providers', 'ollama', 'config', 'url'])).toEqual(['provider_config', 'url']);
    expect(migrated.sourceOf(['providers', 'ollama', 'model'])).toEqual(['default_model']);
  });

  it('names the URL base_url for an OpenAI-compatible provider', () => {
    const { config } = migrateLegacyConfig({ provider: 'openai', default_model: 'gpt-4o', provider_config: { url: 'http://proxy/v1' } });
    expect(config.providers).toEqual({ openai: { model: 'gpt-4o', config: { base_url: 'http://proxy/v1' } } });
  });

  it('moves the active provider’s flat keys and notes the others', () => {
    const migrated = migrateLegacyConfig({
      provider: 'gemini',
      default_model: 'gemini-2.5-flash',
      gemini_api_key: 'gm',
      openai_api_key: 'sk',
      ollama_url: 'http://localhost:11434',
    });
    expect(migrated.config).toEqual({
      default_provider: 'gemini',
      providers: { gemini: { model: 'gemini-2.5-flash', config: { api_key: 'gm' } } },
    });
    expect(migrated.notes.map((note) => note.path)).toEqual([['ollama_url'], ['openai_api_key']]);
  });

  it('takes the provider from the flat keys when only one provider is mentioned', () => {
    const { config } = migrateLegacyConfig({ default_model: 'llama3.2', ollama_url: 'localhost:11434', ollama_api_key: 'k' });
    expect(config).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2', config: { url: 'localhost:11434', api_key: 'k' } } },
    });
  });
});

describe('loadGlobalConfig on a file from the Go Falcon', () => {
  it('reads the provider_config shape', async () => {
    const { home, file } = await homeWith(`provider: ollama
default_model: llama3.2
provider_config:
  mode: local
  url: http://localhost:11434
`);
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(config.defaultProvider).toBe('ollama');
    expect(config.providers).toEqual({
      ollama: { id: 'ollama', protocol: 'ollama', model: 'llama3.2', mode: 'local', baseUrl: 'http://localhost:11434' },
    });
    expect(warnings).toEqual([`${file}: written by an earlier Falcon; read in the current format (the file itself is unchanged)`]);
  });

  it('reads the flat-key shape, with env fallbacks, and warns about keys it cannot carry over', async () => {
    const { home, file } = await homeWith(`provider: openrouter
default_model: google/gemini-2.5-flash
openrouter_api_key: or-key
gemini_api_key: gm-key
theme: dark
`);
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(config.providers).toEqual({
      openrouter: { id: 'openrouter', protocol: 'openai', model: 'google/gemini-2.5-flash', apiKey: 'or-key' },
    });
    expect(warnings.slice(1)).toEqual([
      `${file}:4: gemini_api_key: not carried over: only the active provider (openrouter) has a model; add gemini with \`falcon config\``,
      `${file}:5: theme: unknown key, ignored`,
    ]);
  });

  it('points errors at the old keys', async () => {
    const { home, file } = await homeWith('provider: ollama\nollama_url: localhost\ndefault_model: 5\n');
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`${file}:3: default_model: expected a string, got 5`);
  });

  it('names default_model when the old file has none', async () => {
    const { home, file } = await homeWith('provider: openai\nopenai_api_key: sk\n');
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
    expect(error.message).toBe(`${file}:1: default_model: is required`);
  });

  it('can be saved in the new shape and loads the same', async () => {
    const { home, file } = await homeWith('provider: gemini\ndefault_model: gemini-2.5-flash\ngemini_api_key: gm\n');
    const before = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    await saveGlobalConfig(file, migrateLegacyConfig({ provider: 'gemini', default_model: 'gemini-2.5-flash', gemini_api_key: 'gm' }).config);
    const after = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(after.config).toEqual(before.config);
    expect(after.warnings).toEqual([]);
  });
});
