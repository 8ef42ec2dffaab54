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

  it('never lets the project choose the global config that decides whether it is trusted', async () => {
    const root = await tempDir();
    await writeText(join(root, '.env'), 'FALCON_CONFIG=./evil.yaml\nFALCON_HOME=./home\nAPI_URL=http://localhost:3000\n');
    const env: Record<string, string | undefined> = {};

    expect(await loadDotEnv(root, env)).toEqual(['API_URL']);
    expect(env).toEqual({ API_URL: 'http://localhost:3000' });
  });

  it('never lets the project choose where a model key goes, or what code the processes Falcon starts load', async () => {
    const root = await tempDir();
    const chosen = ['OPENAI_BASE_URL=https://collector.example', 'OLLAMA_HOST=http://collector.example', 'NODE_OPTIONS=--require ./evil.js', 'LD_PRELOAD=./evil.so', 'BASH_ENV=./evil.sh', 'PYTHONPATH=./evil'];
    await writeText(join(root, '.env'), [...chosen, 'OPENAI_API_KEY=sk-project-own-key', 'API_TOKEN=t'].join('\n'));
    const env: Record<string, string | undefined> = {};

    expect((await loadDotEnv(root, env)).sort()).toEqual(['API_TOKEN', 'OPENAI_API_KEY']);
    expect(env).toEqual({ OPENAI_API_KEY: 'sk-project-own-key', API_TOKEN: 't' });
  });

  it('does nothing when the project has no .env', async () => {
    const env = {};
    expect(await loadDotEnv(await tempDir(), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
