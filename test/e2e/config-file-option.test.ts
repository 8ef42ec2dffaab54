import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const KEY = 'sk-test-0123456789abcdef';
let models: FakeModelServer;
let sandbox: Sandbox;
/** The file in Falcon's home, which `--config` must leave alone. */
let defaultFile: string;
let defaultText: string;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['home-model', 'other-model'], apiKey: KEY });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.writeConfig({ providers: { openai: { model: 'home-model', config: { api_key: KEY, base_url: models.openaiBaseUrl } } } });
  defaultFile = path.join(sandbox.home, 'config.yaml');
  defaultText = await readFile(defaultFile, 'utf8');
});
afterEach(async () => {
  // Whatever the test did with another file, Falcon's own is as it was, and the only config in its
  // folder (a session keeps its project's checkpoints there too).
  expect(await readFile(defaultFile, 'utf8')).toBe(defaultText);
  expect((await readdir(sandbox.home)).filter((name) => name !== 'checkpoints')).toEqual(['config.yaml']);
  await sandbox.cleanup();
});

const falcon = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) =>
  runFalcon(args, { cwd: sandbox.project, env: sandbox.env(options.env), stdin: options.stdin });
const otherFile = () => path.join(sandbox.project, 'team', 'falcon.yaml');
/** As messages show it: the sandbox's HOME holds the project. */
const shownOtherFile = () => path.join('~', 'project', 'team', 'falcon.yaml');

describe('falcon --config <file>', () => {
  it('creates the file with config set (0600, the folder it is in left as it is), then lists, tests and names it', async () => {
    await mkdir(path.dirname(otherFile()), { mode: 0o755 });
    await chmod(path.dirname(otherFile()), 0o755);
    const set = await falcon([
      '--config',
      'team/falcon.yaml',
      'config',
      'set',
      'lab',
      '--base-url',
      models.openaiBaseUrl,
      '--model',
      'other-model',
      '--api-key',
      KEY,
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`Saved ${shownOtherFile()}.\nTest it with: falcon --config ${shownOtherFile()} config test lab\n`);
    expect(parse(await readFile(otherFile(), 'utf8'))).toEqual({
      default_provider: 'lab',
      providers: { lab: { model: 'other-model', config: { base_url: models.openaiBaseUrl, api_key: KEY } } },
    });
    expect((await stat(otherFile())).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(otherFile()))).mode & 0o777).toBe(0o755);

    const list = await falcon(['--config', 'team/falcon.yaml', 'config', 'list', '--json']);
    expect(JSON.parse(list.stdout)).toMatchObject({ path: otherFile(), exists: true, defaultProvider: 'lab' });
    const tested = await falcon(['--config', 'team/falcon.yaml', 'config', 'test']);
    expect(tested).toMatchObject({ code: 0, stdout: expect.stringContaining('✓ lab: other-model is available') });
    expect((await falcon(['--config', 'team/falcon.yaml', 'config', 'path'])).stdout).toBe(`${otherFile()}\n`);
  });

  it('is taken after the command too, and from $FALCON_CONFIG; the option wins over the variable', async () => {
    await falcon(['--config', otherFile(), 'config', 'set', 'ollama', '--model', 'other-model']);
    expect((await falcon(['config', 'list', '--config', otherFile()])).stdout).toContain('ollama  other-model');
    expect((await falcon(['config', 'path'], { env: { FALCON_CONFIG: otherFile() } })).stdout).toBe(`${otherFile()}\n`);
    expect((await falcon(['config', 'list'], { env: { FALCON_CONFIG: otherFile() } })).stdout).toContain('ollama  other-model');
    const both = await falcon(['config', 'path', '--config', 'elsewhere.yaml'], { env: { FALCON_CONFIG: otherFile() } });
    expect(both.stdout).toBe(`${path.join(sandbox.project, 'elsewhere.yaml')}\n`);
  });

  it('runs a session (-p) with the provider of the other file', async () => {
    await mkdir(path.dirname(otherFile()));
    await writeFile(otherFile(), `providers:\n  lab: {model: other-model, config: {api_key: ${KEY}, base_url: "${models.openaiBaseUrl}"}}\n`, { mode: 0o600 });
    models.script(['Final Answer: answered by the other file’s model']);
    const result = await falcon(['--config', otherFile(), '-p', 'say hello']);
    expect(result.stdout).toContain('answered by the other file’s model');
    expect(result.code).toBe(0);
    expect(models.requests.map((request) => request.model)).toEqual(['other-model']);
    expect(await readdir(path.dirname(otherFile()))).toEqual(['falcon.yaml']);
  });

  it('says in one line that a file it cannot read cannot be read, and exits 1', async () => {
    await mkdir(otherFile(), { recursive: true });
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'ollama', '--model', 'x'],
      ['-p', 'hello'],
    ]) {
      const result = await falcon(['--config', otherFile(), ...args]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^falcon: ~\/project\/team\/falcon\.yaml: cannot read the file \(EISDIR[^\n]*\)\n$/);
    }
  });

  it('refuses an empty file name with exit 2', async () => {
    const result = await falcon(['--config', '', 'config', 'list']);
    expect(result).toMatchObject({ code: 2, stderr: 'falcon: --config needs a file name\n' });
  });
});
