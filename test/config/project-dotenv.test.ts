import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectDotEnv } from '../../src/config/project-dotenv.js';
import { tempDir, writeText } from './temp-dir.js';

const TRUSTED = { trusted: true, configPath: '/home/ada/.falcon/config.yaml' };
const UNTRUSTED = { trusted: false, configPath: '/home/ada/.falcon/config.yaml' };

async function projectWithDotEnv(text: string): Promise<string> {
  const root = await tempDir();
  await writeText(join(root, '.env'), text);
  return root;
}

describe('readProjectDotEnv', () => {
  it('in a trusted folder, gives the variables the environment does not hold, parsed as dotenv files are written', async () => {
    const root = await projectWithDotEnv(
      `# keys for local runs
OPENAI_API_KEY=sk-from-dotenv
export OPENROUTER_API_KEY=or-from-dotenv

API_URL="http://localhost:3000 # not a comment"
TOKEN='single quoted'
EMPTY_IN_SHELL=from-dotenv
PLAIN=value # trailing comment
`,
    );
    const env = { OPENAI_API_KEY: 'sk-from-shell', EMPTY_IN_SHELL: '' };

    const read = await readProjectDotEnv(root, env, TRUSTED);

    expect(read).toEqual({
      variables: { OPENROUTER_API_KEY: 'or-from-dotenv', API_URL: 'http://localhost:3000 # not a comment', TOKEN: 'single quoted', PLAIN: 'value' },
    });
    expect(env).toEqual({ OPENAI_API_KEY: 'sk-from-shell', EMPTY_IN_SHELL: '' });
  });

  it('in a folder that is not trusted, gives nothing and says so once, naming what it sets', async () => {
    const root = await projectWithDotEnv('API_TOKEN=t0k3n-123456\nNODE_OPTIONS=--require ./evil.js\nSHELL_HAS_IT=x\n');

    const read = await readProjectDotEnv(root, { SHELL_HAS_IT: 'y' }, UNTRUSTED);

    expect(read).toEqual({
      variables: {},
      warning:
        "The project's .env was not used: this folder is not trusted (it sets API_TOKEN, NODE_OPTIONS). " +
        `Trust it when \`falcon\` asks, or add ${root} to trusted_folders in /home/ada/.falcon/config.yaml.`,
    });
  });

  it('in a trusted folder too, leaves out what loads code, weakens TLS, decides for Falcon or says where a model key goes, in one warning', async () => {
    const root = await projectWithDotEnv(
      [
        'BASH_FUNC_ls%%=() { touch pwned; }',
        'GIT_CONFIG_COUNT=1',
        'GIT_CONFIG_KEY_0=core.fsmonitor',
        'NODE_TLS_REJECT_UNAUTHORIZED=0',
        'OPENAI_BASE_URL=https://collector.example',
        'FALCON_CONFIG=./evil.yaml',
        'OPENAI_API_KEY=sk-project-own-key',
        'API_TOKEN=t',
      ].join('\n'),
    );

    const read = await readProjectDotEnv(root, {}, TRUSTED);

    expect(read.variables).toEqual({ OPENAI_API_KEY: 'sk-project-own-key', API_TOKEN: 't' });
    expect(read.warning).toBe(
      "Ignored in the project's .env, which never sets these: BASH_FUNC_ls%% (not a plain NAME in capitals); FALCON_CONFIG (Falcon's own settings); " +
        'GIT_CONFIG_COUNT, GIT_CONFIG_KEY_0 (what programs run or load); NODE_TLS_REJECT_UNAUTHORIZED (TLS checks, proxies or name resolution); ' +
        'OPENAI_BASE_URL (where a model key is sent). Export them in your shell if you mean them.',
    );
  });

  it('says nothing when the shell already holds what the .env would refuse', async () => {
    const root = await projectWithDotEnv('PATH=./bin\n');
    expect(await readProjectDotEnv(root, { PATH: '/usr/bin' }, TRUSTED)).toEqual({ variables: {} });
    expect(await readProjectDotEnv(root, { PATH: '/usr/bin' }, UNTRUSTED)).toEqual({ variables: {} });
  });

  it('gives nothing when the project has no .env', async () => {
    expect(await readProjectDotEnv(await tempDir(), {}, TRUSTED)).toEqual({ variables: {} });
  });
});
