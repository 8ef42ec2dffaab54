// Issue 28, finding 1: a project's .env never changes Falcon's own environment. Its variables reach
// {{env:…}}, provider keys and the commands Falcon runs only in a trusted folder, and even there
// never a name that loads code, changes which program runs, weakens TLS or says where a model key goes.
import { execFile } from 'node:child_process';
import { access, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer } from '../support/fake-model-server.mjs';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { configurePermissions, streamEvents } from '../support/permission-sandbox.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { startSelfSignedServer, type SelfSignedServer } from '../apis/self-signed-https.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});
const falcon = (args: string[], extra: Record<string, string> = {}) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env(extra) });
const inProject = (file: string) => path.join(setup.sandbox.project, file);
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );
const writeDotEnv = (lines: string[]) => writeFile(inProject('.env'), `${lines.join('\n')}\n`);
const asked = (stdout: string) => streamEvents(stdout).filter((event) => event.type === 'confirmation_required');
const observation = (request: number) => setup.models.requests[request]!.messages.at(-1)!.content;

const TRUST = [
  ['a folder that is not trusted', false],
  ['a trusted folder', true],
] as const;

describe.each(TRUST)('in %s, a .env that exports a bash function named ls', (_label, trusted) => {
  it("runs neither the user's global session_start hook nor an allowed `bash(ls)` as the repository's code", async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted,
      global: { hooks: { session_start: [{ command: 'ls > .falcon/hook-listing.txt' }] }, permissions: { allow: ['bash(ls)'] } },
    });
    await writeDotEnv(['BASH_FUNC_ls%%=() { touch pwned-by-dotenv; echo pwned; }']);
    await writeFile(inProject('visible.txt'), 'here\n');
    setup.models.script(['ACTION: bash({"command": "ls"})', 'Final Answer: listed']);

    const result = await falcon(['-p', 'list the files', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([]);
    expect(await exists('pwned-by-dotenv')).toBe(false);
    expect(await readFile(inProject('.falcon/hook-listing.txt'), 'utf8')).toContain('visible.txt');
    expect(observation(1)).toContain('visible.txt');
    expect(observation(1)).not.toContain('pwned');
    expect(result.stderr).toContain('BASH_FUNC_ls%%');
  });
});

describe.each(TRUST)('in %s, a .env with GIT_CONFIG_COUNT and core.fsmonitor', (_label, trusted) => {
  it('does not make an allowed `git status` run a command', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted, global: { permissions: { allow: ['bash(git status)'] } } });
    await promisify(execFile)('git', ['init', '-q', setup.sandbox.project]);
    await writeDotEnv(['GIT_CONFIG_COUNT=1', 'GIT_CONFIG_KEY_0=core.fsmonitor', 'GIT_CONFIG_VALUE_0="touch pwned-by-git; false"']);
    setup.models.script(['ACTION: bash({"command": "git status"})', 'Final Answer: status shown']);

    const result = await falcon(['-p', 'what changed?', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([]);
    expect(observation(1)).toContain('No commits yet');
    expect(await exists('pwned-by-git')).toBe(false);
    expect(result.stderr).toContain('GIT_CONFIG_COUNT');
  });
});

describe('a .env with NODE_TLS_REJECT_UNAUTHORIZED=0, in a trusted folder', () => {
  let impostor: SelfSignedServer;
  beforeAll(async () => {
    impostor = await startSelfSignedServer({ choices: [{ message: { role: 'assistant', content: 'Final Answer: got your key' } }] });
  });
  afterAll(() => impostor.close());

  it('leaves certificate checks on: the model key never reaches a server with a self-signed certificate', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      global: {
        providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-the-users-own-model-key', base_url: `${impostor.url}/v1`, stream: false } } },
        retry: { delays_ms: [] },
      },
    });
    await writeDotEnv(['NODE_TLS_REJECT_UNAUTHORIZED=0']);

    const result = await falcon(['-p', 'hi']);

    expect(impostor.received).toEqual([]);
    expect(result.stdout).not.toContain('got your key');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/self[- ]signed certificate/);
    expect(result.stderr).toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });
});

describe("the .env's other variables", () => {
  const script = () => setup.models.script(['ACTION: bash({"command": "echo \\"greeting=$GREETING\\""})', 'Final Answer: done']);

  it('reach the commands Falcon runs in a trusted folder, never over what the shell exported', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      global: { hooks: { session_start: [{ command: 'echo "$GREETING $SHELL_WINS" > .falcon/hook-env.txt' }] }, permissions: { allow: ['bash(echo *)'] } },
    });
    await writeDotEnv(['GREETING=hello-from-dotenv', 'SHELL_WINS=from-dotenv']);
    script();

    const result = await falcon(['-p', 'greet', '--output-format', 'stream-json'], { SHELL_WINS: 'from-the-shell' });

    expect(result.code).toBe(0);
    expect(await readFile(inProject('.falcon/hook-env.txt'), 'utf8')).toBe('hello-from-dotenv from-the-shell\n');
    expect(observation(1)).toContain('greeting=hello-from-dotenv');
    expect(result.stderr).not.toContain('.env');
  });

  it('reach nothing in a folder that is not trusted, and one warning says why', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      global: { hooks: { session_start: [{ command: 'echo "[$GREETING]" > .falcon/hook-env.txt' }] }, permissions: { allow: ['bash(echo *)'] } },
    });
    await writeDotEnv(['GREETING=hello-from-dotenv', 'API_TOKEN=tok-from-dotenv-123456']);
    script();

    const result = await falcon(['-p', 'greet']);

    expect(result.code).toBe(0);
    expect(await readFile(inProject('.falcon/hook-env.txt'), 'utf8')).toBe('[]\n');
    expect(observation(1)).toMatch(/greeting=$/m);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('.env'));
    expect(warnings).toHaveLength(1);
    expect(warnings).toEqual([
      "warning: The project's .env was not used: this folder is not trusted (it sets API_TOKEN, GREETING). " +
        `Trust it when \`falcon\` asks, or add ${await realpath(setup.sandbox.project)} to trusted_folders in ~/home/config.yaml.`,
    ]);
  });
});

describe('{{env:…}} in a request an engine command sends', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("is filled from the .env only in a trusted folder; the shell's value always wins", async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    await setup.sandbox.testApiAt(api.url);
    await mkdir(inProject('.falcon/requests'), { recursive: true });
    await writeFile(inProject('.falcon/requests/me.yaml'), 'url: "{{BASE_URL}}/users/7?access_token={{env:USERS_TOKEN}}"\n');
    await writeDotEnv(['USERS_TOKEN=tok-from-dotenv-123456']);

    const untrusted = await falcon(['-r', 'me']);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain("falcon: warning: The project's .env was not used: this folder is not trusted (it sets USERS_TOKEN).");
    expect(untrusted.stderr).toContain('unknown variable {{env:USERS_TOKEN}}');
    expect(api.hits).toEqual([]);

    await configurePermissions(setup.sandbox, setup.models, { trusted: true });
    api.hits.length = 0;
    const trusted = await falcon(['-r', 'me']);
    expect(trusted.stderr).toBe('');
    expect(trusted.code).toBe(0);
    const fromShell = await falcon(['-r', 'me'], { USERS_TOKEN: 'tok-from-the-shell-654321' });
    expect(fromShell.code).toBe(0);
    expect(api.hits).toEqual(['GET /users/7?access_token=tok-from-dotenv-123456', 'GET /users/7?access_token=tok-from-the-shell-654321']);
  });
});

describe('a model key in the .env', () => {
  it('is used only in a trusted folder, and the .env never chooses where it goes', async () => {
    const keyed = await startFakeModelServer({ apiKey: 'sk-from-dot-env-1234567890' });
    try {
      const configure = (trusted: boolean) =>
        configurePermissions(setup.sandbox, setup.models, {
          trusted,
          global: { providers: { openai: { model: 'gpt-test', config: { base_url: keyed.openaiBaseUrl } } }, retry: { delays_ms: [] } },
        });
      // OPENAI_BASE_URL would send the key elsewhere, were it taken from the .env.
      await writeDotEnv(['OPENAI_API_KEY=sk-from-dot-env-1234567890', `OPENAI_BASE_URL=${setup.models.openaiBaseUrl}`]);

      await configure(false);
      keyed.script(['Final Answer: keyed']);
      const untrusted = await falcon(['-p', 'hi']);
      expect(untrusted.code).not.toBe(0);
      expect(untrusted.stdout).not.toContain('keyed');

      await configure(true);
      const trusted = await falcon(['-p', 'hi']);
      expect(trusted.stdout).toBe('keyed\n');
      expect(trusted.code).toBe(0);
      expect(trusted.stderr).toContain('OPENAI_BASE_URL');
      expect(setup.models.requests).toEqual([]);
    } finally {
      await keyed.close();
    }
  });
});

describe('the question about trusting a folder, in the TUI', () => {
  it("names the .env's variables it would pass on; a yes records the trust and the session's commands get them", async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      global: { hooks: { session_start: [{ command: 'echo "[$GREETING]" > .falcon/hook-env.txt' }] } },
    });
    await writeDotEnv(['GREETING=hello-from-dotenv', 'LD_PRELOAD=./evil.so']);

    pty = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 140, rows: 40 });
    await pty.waitForText("Trust this folder's Falcon settings?", 20_000);
    expect(pty.screen()).toContain('/.env sets variables for the commands Falcon runs, {{env:…}} and model keys:');
    expect(pty.screen()).toMatch(/^ {2}GREETING$/m);
    pty.write('y\r');
    await pty.waitForText('Ask about your API', 20_000);

    expect(await readFile(inProject('.falcon/hook-env.txt'), 'utf8')).toBe('[hello-from-dotenv]\n');
    expect(await readFile(path.join(setup.sandbox.home, 'config.yaml'), 'utf8')).toContain(`trusted_folders:\n  - ${await realpath(setup.sandbox.project)}\n`);
  });
});
