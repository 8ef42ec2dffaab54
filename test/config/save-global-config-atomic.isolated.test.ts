import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { saveGlobalConfig } from '../../src/config/save-global-config.js';
import { tempDir } from './temp-dir.js';

// A crash between writing the new content and putting it in place: the rename never happens.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(async () => Promise.reject(Object.assign(new Error('disk gone'), { code: 'EIO' }))) };
});

describe('saveGlobalConfig when the write cannot finish', () => {
  it('leaves the old file byte for byte and no temporary file', async () => {
    const home = await tempDir();
    const path = join(home, 'config.yaml');
    await writeFile(path, '# mine\ndefault_provider: ollama\nproviders: {ollama: {model: llama3.2}}\n', { mode: 0o600 });
    const before = await readFile(path);

    await expect(saveGlobalConfig(path, { providers: { openai: { model: 'gpt-4o-mini' } } })).rejects.toThrow('disk gone');

    expect((await readFile(path)).equals(before)).toBe(true);
    expect(await readdir(home)).toEqual(['config.yaml']);
  });
});
