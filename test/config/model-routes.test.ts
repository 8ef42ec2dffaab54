import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routedChoice } from '../../src/agent/model-routing.js';
import { ConfigError } from '../../src/config/config-error.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { mergeModelRoutes } from '../../src/config/model-routes.js';
import { tempDir, writeText } from './temp-dir.js';

const PROVIDERS = `default_provider: local
providers:
  local: {model: llama3.2, config: {base_url: "http://localhost:11434/v1"}}
  cloud: {model: gpt-4o, config: {api_key: "sk-x", base_url: "https://cloud.example/v1"}}
`;

async function globalWith(yaml: string) {
  const home = await tempDir();
  await writeText(join(home, 'config.yaml'), yaml);
  return loadGlobalConfig({ env: { FALCON_HOME: home } });
}

async function projectWith(yaml: string) {
  const root = await tempDir();
  await writeText(join(root, '.falcon', 'config.yaml'), yaml);
  return loadProjectConfig(root, { providerNames: ['local', 'cloud'] });
}

describe('models: in the config files', () => {
  it('reads the categories of the global config, leaving out empty ones', async () => {
    const { config, warnings } = await globalWith(`${PROVIDERS}models:\n  quick: {model: llama3.2:1b}\n  deep: {provider: cloud}\n`);
    expect(warnings).toEqual([]);
    expect(config.models).toEqual({ quick: { model: 'llama3.2:1b' }, deep: { provider: 'cloud' } });
    expect((await globalWith(`${PROVIDERS}models:\n  quick: {}\n`)).config.models).toEqual({});
    expect((await globalWith(PROVIDERS)).config.models).toBeUndefined();
  });

  it('refuses a global category naming a provider that is not configured, naming the line', async () => {
    const error = await globalWith(`${PROVIDERS}models:\n  deep: {provider: clod}\n`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/config\.yaml:6: models\.deep\.provider: "clod" is not a configured provider \(configured: local, cloud\)/);
  });

  it('warns about a category or key that is not one, and ignores it', async () => {
    const { config, warnings } = await globalWith(`${PROVIDERS}models:\n  deep: {provider: cloud, temperature: 2}\n`);
    expect(config.models).toEqual({ deep: { provider: 'cloud' } });
    expect(warnings.join('\n')).toMatch(/config\.yaml:6: models\.deep\.temperature: unknown key, ignored/);
    expect((await globalWith(`${PROVIDERS}models:\n  visual: {provider: cloud}\n`)).warnings.join('\n')).toMatch(/models\.visual: unknown key, ignored/);
  });

  it('reads the project’s categories, and warns about and leaves out one naming an unknown provider', async () => {
    const { config, warnings } = await projectWith('models:\n  quick: {provider: local, model: tiny}\n  deep: {provider: nowhere}\n');
    expect(config.models).toEqual({ quick: { provider: 'local', model: 'tiny' } });
    expect(warnings).toEqual([
      expect.stringMatching(
        /config\.yaml:3: models\.deep\.provider: "nowhere" is not a configured provider \(configured: local, cloud\); deep work uses the session's model/,
      ),
    ]);
  });

  it('lets each category of the project win over the global one, whole', () => {
    expect(mergeModelRoutes({ quick: { provider: 'local', model: 'a' }, deep: { provider: 'cloud' } }, { quick: { model: 'b' } })).toEqual({
      quick: { model: 'b' },
      deep: { provider: 'cloud' },
    });
    expect(mergeModelRoutes(undefined, undefined)).toEqual({});
  });
});

describe('routedChoice', () => {
  it('takes the route’s provider and model, the session’s provider for a model alone, nothing for an unset category', () => {
    expect(routedChoice({ deep: { provider: 'cloud' } }, 'deep', { provider: 'local', model: 'llama3.2' })).toEqual({ provider: 'cloud' });
    expect(routedChoice({ deep: { provider: 'cloud', model: 'o3' } }, 'deep', { provider: 'local' })).toEqual({ provider: 'cloud', model: 'o3' });
    expect(routedChoice({ quick: { model: 'tiny' } }, 'quick', { provider: 'local', model: 'llama3.2' })).toEqual({ provider: 'local', model: 'tiny' });
    expect(routedChoice({ quick: { model: 'tiny' } }, 'quick', {})).toEqual({ model: 'tiny' });
    expect(routedChoice({ quick: { model: 'tiny' } }, 'deep', { provider: 'local' })).toBeUndefined();
  });
});
