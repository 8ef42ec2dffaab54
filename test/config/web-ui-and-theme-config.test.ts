import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { tempDir, writeText } from './temp-dir.js';

async function load(yaml: string) {
  const home = await tempDir();
  await writeText(join(home, 'config.yaml'), yaml, 0o600);
  return loadGlobalConfig({ env: { FALCON_HOME: home } });
}

describe('web_ui and theme in the global config', () => {
  it('reads web_ui (port 0: any free port) and theme', async () => {
    const { config, warnings } = await load('web_ui: {enabled: true, port: 0}\ntheme: light\n');
    expect(warnings).toEqual([]);
    expect(config.webUi).toEqual({ enabled: true, port: 0 });
    expect(config.theme).toBe('light');
  });

  it('leaves both out when unset, and takes web_ui without a port or enabled', async () => {
    expect((await load('fallback: []\n')).config).not.toHaveProperty('webUi');
    expect((await load('web_ui: {port: 8765}\n')).config.webUi).toEqual({ enabled: false, port: 8765 });
  });

  it('names the key and the line of a wrong value', async () => {
    await expect(load('theme: sepia\n')).rejects.toThrow(ConfigError);
    await expect(load('theme: sepia\n')).rejects.toThrow(/config\.yaml:1.*theme/);
    await expect(load('web_ui:\n  port: 70000\n')).rejects.toThrow(/config\.yaml:2.*web_ui\.port/);
  });
});
