import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { saveGlobalConfig } from '../../src/config/save-global-config.js';
import { tempDir } from './temp-dir.js';
import { requirePlatform } from '../support/required-tools.js';

const CONFIG = {
  default_provider: 'openai',
  providers: { openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-secret' } } },
};

describe('saveGlobalConfig', () => {
  it('creates a private folder and a private file that loads back', async () => {
    const home = join(await tempDir(), 'nested', '.falcon');
    const path = join(home, 'config.yaml');

    await saveGlobalConfig(path, CONFIG);

    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.providers.openai).toEqual({ id: 'openai', protocol: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-secret' });
  });

  it('replaces an existing file whole, leaving no temporary file and a 0600 mode', async () => {
    const home = await tempDir();
    const path = join(home, 'config.yaml');
    await writeFile(path, 'old: content\n', { mode: 0o644 });

    await saveGlobalConfig(path, CONFIG);

    expect(await readdir(home)).toEqual(['config.yaml']);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).not.toContain('old');
  });
});

describe('saveGlobalConfig on a folder open to others', () => {
  it('makes the folder private again', requirePlatform('posix', 'POSIX file modes'), async () => {
    const home = join(await tempDir(), '.falcon');
    await mkdir(home, { mode: 0o755 });
    await chmod(home, 0o755);

    await saveGlobalConfig(join(home, 'config.yaml'), CONFIG);

    expect((await stat(home)).mode & 0o777).toBe(0o700);
  });
});

describe('saveGlobalConfig with keepFolderMode', () => {
  it('leaves the mode of an existing folder alone, and makes a missing one private', requirePlatform('posix', 'POSIX file modes'), async () => {
    const open = join(await tempDir(), 'project');
    await mkdir(open, { mode: 0o755 });
    await chmod(open, 0o755);
    await saveGlobalConfig(join(open, 'falcon.yaml'), CONFIG, { keepFolderMode: true });
    expect((await stat(open)).mode & 0o777).toBe(0o755);
    expect((await stat(join(open, 'falcon.yaml'))).mode & 0o777).toBe(0o600);

    const missing = join(await tempDir(), 'new');
    await saveGlobalConfig(join(missing, 'falcon.yaml'), CONFIG, { keepFolderMode: true });
    expect((await stat(missing)).mode & 0o777).toBe(0o700);
  });
});
