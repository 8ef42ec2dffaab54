import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileOverride, falconHome, globalConfigPath } from '../../src/config/falcon-home.js';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { tempDir, writeText } from './temp-dir.js';

describe('$FALCON_CONFIG', () => {
  it('names the global config file, resolved from the current folder; Falcon’s folder stays where it was', () => {
    const env = { FALCON_HOME: '/srv/falcon', FALCON_CONFIG: 'team/falcon.yaml' };
    expect(configFileOverride(env)).toBe(resolve('team/falcon.yaml'));
    expect(globalConfigPath(env)).toBe(resolve('team/falcon.yaml'));
    expect(globalConfigPath(env, '/elsewhere')).toBe(resolve('team/falcon.yaml'));
    expect(falconHome(env)).toBe('/srv/falcon');
  });

  it('is ignored when empty', () => {
    expect(configFileOverride({ FALCON_CONFIG: '  ' })).toBeUndefined();
    expect(globalConfigPath({ FALCON_HOME: '/srv/falcon', FALCON_CONFIG: '' })).toBe(join('/srv/falcon', 'config.yaml'));
  });

  it('is the file the loader reads', async () => {
    const dir = await tempDir();
    const file = join(dir, 'other.yaml');
    await writeText(file, 'providers:\n  ollama: {model: qwen2.5}\n');
    const loaded = await loadGlobalConfig({ env: { FALCON_HOME: join(dir, 'home'), FALCON_CONFIG: file } });
    expect(loaded).toMatchObject({ path: file, exists: true, config: { providers: { ollama: { model: 'qwen2.5' } } } });
  });
});
