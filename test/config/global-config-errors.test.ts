import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

/** Writes `yaml` as the global config, loads it expecting a ConfigError, and returns the error with the file's path. */
async function failingLoad(yaml: string): Promise<{ error: ConfigError; file: string }> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  await writeText(file, yaml);
  const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
  expect(error).toBeInstanceOf(ConfigError);
  return { error: error as ConfigError, file };
}

describe('loadGlobalConfig on a file it cannot use', () => {
  it('names the file, line and column of a YAML syntax error', async () => {
    const { error, file } = await failingLoad('default_provider: openai\nproviders:\n  openai: {model: gpt-4o\n');
    expect(error.message).toMatch(new RegExp(`^${file}:4:1: .*`));
    expect(error.problems[0]).toMatchObject({ line: 4, column: 1 });
  });

  it('names the line and key of a value of the wrong type', async () => {
    const { error, file } = await failingLoad(`default_provider: openai
providers:
  openai:
    model: 5
`);
    expect(error.message).toBe(`${file}:4: providers.openai.model: expected a string, got 5`);
  });

  it('reports every problem at once, in file order', async () => {
    const { error, file } = await failingLoad(`providers:
  openai:
    modle: gpt-4o
  ollama:
    model: llama3.2
    config:
      url: [1]
      mode: remote
retry:
  delays_ms: [100, -1, 2.5]
`);
    expect(error.message.split('\n')).toEqual([
      `${file}:2: providers.openai.model: is required`,
      `${file}:3: providers.openai.modle: unknown key`,
      `${file}:7: providers.ollama.config.url: expected a string, got a list`,
      `${file}:8: providers.ollama.config.mode: expected one of local, cloud, got a string`,
      `${file}:10: retry.delays_ms[1]: expected 0 or more, got -1`,
      `${file}:10: retry.delays_ms[2]: expected a whole number, got 2.5`,
    ]);
  });

  it('names the line and key of a context window that is not a sane number of tokens', async () => {
    const { error, file } = await failingLoad(`providers:
  ollama:
    model: llama3.2
    config:
      num_ctx: 100
      context_window: 32k
  vllm:
    model: m
    config: {base_url: "http://gpu:8000/v1", context_window: 8192.5}
`);
    expect(error.message.split('\n')).toEqual([
      `${file}:5: providers.ollama.config.num_ctx: expected 512 or more, got 100`,
      `${file}:6: providers.ollama.config.context_window: expected a number, got a string`,
      `${file}:9: providers.vllm.config.context_window: expected a whole number, got 8192.5`,
    ]);
  });

  it('names the line and key of a price that is not a number of USD per million tokens', async () => {
    const { error, file } = await failingLoad(`providers:
  openai:
    model: gpt-4o
    config:
      pricing: {input: "$2.50", output: -1}
  corp:
    model: m
    config: {base_url: "https://llm.corp.example/v1", pricing: {input: 1, output: 2, cache: 0.5}}
`);
    expect(error.message.split('\n')).toEqual([
      `${file}:5: providers.openai.config.pricing.input: expected a price in USD per million tokens, for example 2.5`,
      `${file}:5: providers.openai.config.pricing.output: a price cannot be negative`,
      `${file}:8: providers.corp.config.pricing.cache: unknown key`,
    ]);
  });

  it('names the line and key of a timeout_s that is no number of seconds Falcon can wait', async () => {
    const { error, file } = await failingLoad(`providers:
  ollama:
    model: llama3.2
    config:
      timeout_s: 0
  openai:
    model: gpt-4o-mini
    config: {timeout_s: 600}
  gemini:
    model: gemini-2.5-flash
    config: {timeout_s: 2m}
`);
    expect(error.message.split('\n')).toEqual([
      `${file}:5: providers.ollama.config.timeout_s: expected 1 or more, got 0`,
      `${file}:8: providers.openai.config.timeout_s: expected 300 or less (Node's fetch gives up after 300 s of silence), got 600`,
      `${file}:11: providers.gemini.config.timeout_s: expected a number, got a string`,
    ]);
  });

  it('rejects an empty model', async () => {
    const { error, file } = await failingLoad('providers:\n  gemini: {model: "  "}\n');
    expect(error.message).toBe(`${file}:2: providers.gemini.model: must not be empty`);
  });

  it('rejects a default_provider that names no configured provider', async () => {
    const { error, file } = await failingLoad(`providers:
  openai: {model: gpt-4o}
default_provider: openia
`);
    expect(error.message).toBe(`${file}:3: default_provider: "openia" is not a configured provider (configured: openai)`);
  });

  it('rejects fallback entries that name no configured provider', async () => {
    const { error, file } = await failingLoad(`default_provider: openai
fallback:
  - gemini
  - openai
providers:
  openai: {model: gpt-4o}
`);
    expect(error.message).toBe(`${file}:3: fallback[0]: "gemini" is not a configured provider (configured: openai)`);
  });

  it('says so when a default_provider is named but there are no providers', async () => {
    const { error, file } = await failingLoad('default_provider: openai\n');
    expect(error.message).toBe(`${file}:1: default_provider: "openai" is not a configured provider (no providers are configured)`);
  });

  it('rejects a file that is not a mapping', async () => {
    const { error, file } = await failingLoad('- openai\n- gemini\n');
    expect(error.message).toBe(`${file}:1: expected a mapping, got a list`);
  });

  it('never repeats a misplaced secret in its message', async () => {
    const { error } = await failingLoad('providers:\n  openai: {model: gpt-4o, config: {mode: sk-secret-123}}\n');
    expect(error.message).not.toContain('sk-secret-123');
  });
});

describe('loadGlobalConfig warnings', () => {
  it('warns about unknown keys with their line and still loads', async () => {
    const home = await tempDir();
    const file = join(home, 'config.yaml');
    await writeText(
      file,
      `telemetry: off
providers:
  openai:
    model: gpt-4o
    temperature: 0.2
    config: {api_key: k, organisation: acme}
`,
    );
    const { config, warnings } = await loadGlobalConfig({ env: { FALCON_HOME: home } });

    expect(config.providers.openai).toEqual({ id: 'openai', protocol: 'openai', model: 'gpt-4o', apiKey: 'k' });
    expect(warnings).toEqual([
      `${file}:1: telemetry: unknown key, ignored`,
      `${file}:5: providers.openai.temperature: unknown key, ignored`,
      `${file}:6: providers.openai.config.organisation: unknown key, ignored`,
    ]);
  });
});
