import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDotEnv } from '../../src/config/load-dotenv.js';
import { tempDir, writeText } from './temp-dir.js';

describe('loadDotEnv', () => {
  it('sets only the keys the environment does not already hold', async () => {
    const root = await tempDir();
    await writeText(
      join(root, '.env'),
      `# keys for local runs
OPENAI_API_KEY=sk-from-dotenv
export OPENROUTER_API_KEY=or-from-dotenv

API_URL="http://localhost:3000 # not a comment"
TOKEN='single quoted'
EMPTY_IN_SHELL=from-dotenv
PLAIN=value # trailing comment
`,
    );
    const env: Record<string, string | undefined> = { OPENAI_API_KEY: 'sk-from-shell', EMPTY_IN_SHELL: '' };

    const set = await loadDotEnv(root, env);

    expect(set.sort()).toEqual(['API_URL', 'OPENROUTER_API_KEY', 'PLAIN', 'TOKEN']);
    expect(env).toEqual({
      OPENAI_API_KEY: 'sk-from-shell',
      EMPTY_IN_SHELL: '',
      OPENROUTER_API_KEY: 'or-from-dotenv',
      API_URL: 'http://localhost:3000 # not a comment',
      TOKEN: 'single quoted',
      PLAIN: 'value',
    });
  });

  it('does nothing when the project has no .env', async () => {
    const env = {};
    expect(await loadDotEnv(await tempDir(), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
