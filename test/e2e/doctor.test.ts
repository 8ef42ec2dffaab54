import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { requirePlatform } from '../support/required-tools.js';

const KEY = 'sk-test-0123456789abcdef';
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: [{ name: 'gpt-test', contextLength: 32_768 }], apiKey: KEY, flavor: 'vllm' });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  await sandbox.writeConfig({ providers: { openai: provider() } });
  const init = await runFalcon(['init', '--yes', '--base-url', 'http://localhost:3000'], { cwd: sandbox.project, env: sandbox.env() });
  expect(init.code).toBe(0);
});
afterEach(() => sandbox.cleanup());

function provider(settings: { model?: string; baseUrl?: string } = {}) {
  return { model: settings.model ?? 'gpt-test', config: { api_key: KEY, base_url: settings.baseUrl ?? models.openaiBaseUrl } };
}

const doctor = (args: string[] = [], options: { cwd?: string; env?: Record<string, string> } = {}) =>
  runFalcon(['doctor', ...args], { cwd: options.cwd ?? sandbox.project, env: sandbox.env(options.env) });
const configFile = () => path.join(sandbox.home, 'config.yaml');
/** As the doctor shows it: the sandbox's HOME holds Falcon's home. */
const shownConfigFile = '~/home/config.yaml';
const lines = (output: string) => output.split('\n');
/**
 * The report's last line, its count of warnings left out: what this machine lacks (ripgrep, say)
 * adds a warning of its own, which the tests of other checks do not count.
 */
const summary = (output: string) =>
  output
    .trimEnd()
    .split('\n')
    .at(-1)!
    .replace(/ and \d+ warnings?(?=:)/, '');

describe('falcon doctor', () => {
  it('says everything is in order, with each provider’s model and window, and exits 0', async () => {
    const result = await doctor();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^✓ node: Node\.js \d+\.\d+\.\d+ \(Falcon needs >=20\.19\)$/),
        `✓ config: ${shownConfigFile} with 1 provider: openai (default)`,
        `✓ config permissions: ${shownConfigFile} is private (mode 600)`,
        '✓ provider openai: gpt-test is available (1 model listed)',
        '    context window 32,768 tokens (from the server)',
        '✓ project: .falcon/ in ~/project',
        '✓ project config: .falcon/config.yaml is valid',
        '✓ environments: dev, prod, staging',
        '✓ environment dev: active; BASE_URL http://localhost:3000',
        '✓ gitignore: .falcon/sessions/ is kept out of git',
        expect.stringMatching(/^✓ terminal: not a terminal/),
      ]),
    );
    expect(result.stdout).not.toContain('✗');
  });

  it('checks an Anthropic provider through the Messages API, its window the known Claude one', async () => {
    const anthropic = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929'], apiKey: KEY });
    try {
      await sandbox.writeConfig({ providers: { anthropic: { model: 'claude-sonnet-4-5', config: { base_url: anthropic.anthropicBaseUrl } } } });
      const result = await doctor([], { env: { ANTHROPIC_API_KEY: KEY } });
      expect(lines(result.stdout)).toEqual(
        expect.arrayContaining([
          '✓ provider anthropic: claude-sonnet-4-5 is available (1 model listed)',
          '    context window 200,000 tokens (known for this model)',
        ]),
      );
      expect(result.stdout).not.toContain(KEY);
    } finally {
      await anthropic.close();
    }
  });

  it('prints one JSON object with --json', async () => {
    const result = await doctor(['--json']);
    const report = JSON.parse(result.stdout) as { ok: boolean; checks: { name: string; status: string; details?: string[] }[] };
    expect(report.ok).toBe(true);
    expect(report.checks).toContainEqual({
      name: 'provider openai',
      status: 'ok',
      summary: 'gpt-test is available (1 model listed)',
      details: ['context window 32,768 tokens (from the server)'],
    });
    expect(report.checks.map((check) => check.name)).toEqual(expect.arrayContaining(['node', 'config', 'project', 'search', 'terminal']));
  });

  it('names each problem of a broken config file by line and key, and exits 1', async () => {
    await writeFile(configFile(), 'default_provider: openai\nproviders:\n  openai:\n    model: [gpt-test]\n', { mode: 0o600 });
    const result = await doctor();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      [
        `✗ config: ${shownConfigFile} cannot be used`,
        `    ${shownConfigFile}:4: providers.openai.model: expected a string, got a list`,
        '    → correct the file as shown, or set it up again with: falcon config',
      ].join('\n'),
    );
    expect(summary(result.stdout)).toBe('1 problem: fix the lines marked ✗, then run falcon doctor again.');
  });

  it('without a model provider, says the engines work and the agent needs one, and exits 0 unless --require-model', async () => {
    await rm(configFile());
    const result = await doctor();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `! config: no model: \`falcon test\`, \`perf\`, \`scan\` and \`flow\` work; the agent needs one\n    no config file at ${shownConfigFile}\n    → set up a model provider with: falcon config\n`,
    );
    expect(result.stdout).toContain('No problems; 1 warning.');
    const required = await doctor(['--require-model']);
    expect(required.code).toBe(1);
    expect(required.stdout).toContain(`✗ config: no config file at ${shownConfigFile}\n    → set up a model provider with: falcon config\n`);

    await sandbox.writeConfig({ providers: {} });
    const empty = await doctor(['--json']);
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toMatchObject({ ok: true });
    expect(JSON.parse(empty.stdout).checks).toContainEqual({
      name: 'config',
      status: 'warn',
      summary: 'no model: `falcon test`, `perf`, `scan` and `flow` work; the agent needs one',
      details: [`${shownConfigFile} configures no model provider`],
      fix: 'set one up with: falcon config',
    });
    expect((await doctor(['--require-model', '--json'])).code).toBe(1);
  });

  it('flags a default provider that is also its own fallback', async () => {
    await sandbox.writeConfig({ default_provider: 'openai', fallback: ['lab', 'openai'], providers: { openai: provider(), lab: provider() } });
    const result = await doctor();
    expect(result.stdout).toContain(
      '! config: openai is the default provider and its own fallback\n    → take it out of the fallback order: falcon config fallback lab\n',
    );
    expect(result.code).toBe(0);
    // The fix it names mends it.
    expect((await runFalcon(['config', 'fallback', 'lab'], { cwd: sandbox.project, env: sandbox.env() })).code).toBe(0);
    expect((await doctor()).stdout).not.toContain('its own fallback');
  });

  it('checks every provider at once: one unreachable, one without its model', async () => {
    const closed = await closedPort();
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: provider(), lab: provider({ baseUrl: `http://127.0.0.1:${closed}/v1` }), wrong: provider({ model: 'gpt-missing' }) },
    });
    const result = await doctor();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`✓ config: ${shownConfigFile} with 3 providers: openai (default), lab, wrong`);
    expect(result.stdout).toContain('✓ provider openai: gpt-test is available');
    expect(result.stdout).toContain(`✗ provider lab: cannot reach http://127.0.0.1:${closed}/v1\n    → is the server running?\n`);
    expect(result.stdout).toContain(
      '✗ provider wrong: model gpt-missing is not available\n    → choose another with: falcon config set wrong --model <name> (available: gpt-test)\n',
    );
    expect(summary(result.stdout)).toBe('2 problems: fix the lines marked ✗, then run falcon doctor again.');
  });

  it('fails on API keys others can read, warns on an open Falcon folder', requirePlatform('posix', 'POSIX file modes'), async () => {
    await chmod(configFile(), 0o644);
    await chmod(sandbox.home, 0o755);
    const result = await doctor();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `✗ config permissions: ${shownConfigFile} holds API keys that other users can read (mode 644)\n    → chmod 600 ${shownConfigFile}\n`,
    );
    expect(result.stdout).toContain('! falcon folder: ~/home is open to other users (mode 755)\n    → chmod 700 ~/home\n');

    await sandbox.writeConfig({ providers: { ollama: { model: 'gpt-test', config: { url: models.url } } } });
    await chmod(configFile(), 0o640);
    const withoutKeys = await doctor();
    expect(withoutKeys.stdout).toContain(`! config permissions: ${shownConfigFile} can be read by other users (mode 640); it holds no API key`);
  });

  it('warns, without failing, outside a project', async () => {
    const elsewhere = path.join(sandbox.home, '..', 'elsewhere');
    await mkdir(elsewhere);
    const result = await doctor([], { cwd: elsewhere });
    expect(result.stdout).toContain('! project: no .falcon/ in ~/elsewhere\n    → in your API’s folder, run falcon (or falcon init) to set one up\n');
    expect(result.stdout).not.toContain('project config');
    expect(result.code).toBe(0);
  });

  it('finds the project’s problems: an environment that does not parse, no BASE_URL, a broken spec, sessions not ignored', async () => {
    const falconDir = path.join(sandbox.project, '.falcon');
    await writeFile(path.join(falconDir, 'environments', 'staging.yaml'), 'BASE_URL: [not, flat]\n');
    await writeFile(path.join(falconDir, 'environments', 'dev.yaml'), 'API_TOKEN: "{{env:TOKEN}}"\n');
    await writeFile(path.join(falconDir, 'spec.yaml'), '# falcon spec\n{"format": "something-else"}\n');
    await writeFile(path.join(falconDir, '.gitignore'), 'reports/\n');
    await writeFile(path.join(falconDir, 'config.yaml'), 'max_turns: 0\n');
    const result = await doctor();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ project config: .falcon/config.yaml cannot be used\n    ~/project/.falcon/config.yaml:1: max_turns:');
    expect(result.stdout).toMatch(
      /✗ environment staging: .*staging\.yaml: BASE_URL: expected a single value, not a list or map\n {4}→ make it a flat map of NAME: value\n/,
    );
    expect(result.stdout).toContain(
      '✗ environment dev: the active environment has no BASE_URL\n    → set BASE_URL: <your API’s URL, e.g. http://localhost:3000> in .falcon/environments/dev.yaml\n',
    );
    expect(result.stdout).toContain(
      '✗ spec: .falcon/spec.yaml cannot be read: .falcon/spec.yaml: format is something-else, expected falcon-spec/1; ingest the spec again',
    );
    expect(result.stdout).toContain(
      '! gitignore: .falcon/sessions/ is not ignored: session logs could be committed\n    → add the line sessions/ to .falcon/.gitignore\n',
    );
  });

  it('says the built-in search is in use when ripgrep is not on PATH, without failing', async () => {
    const emptyPath = path.join(sandbox.home, '..', 'empty-bin');
    await mkdir(emptyPath);
    const result = await doctor([], { env: { PATH: emptyPath } });
    expect(result.stdout).toContain('! search: ripgrep (rg) is not on PATH: search_code uses the built-in search, slower on large projects\n');
    expect(result.code).toBe(0);
  });

  it('checks the file --config names', async () => {
    const other = path.join(sandbox.project, 'other.yaml');
    await writeFile(other, 'providers:\n  ollama: {model: gpt-test}\n', { mode: 0o600 });
    const result = await doctor(['--config', other]);
    expect(result.stdout).toContain('✓ config: ~/project/other.yaml with 1 provider: ollama (default)');
    expect(result.stdout).not.toContain('provider openai');
  });

  it('shows control characters from the config and the server as text', async () => {
    await sandbox.writeConfig({ providers: { openai: provider({ model: 'gpt\u001b]0;pwned\u0007' }) } });
    const result = await doctor();
    expect(result.stdout).not.toMatch(/[\u0007\u001b]/);
    expect(result.stdout).toContain('✗ provider openai: model gpt␛]0;pwned^G is not available');
  });
});

describe('falcon doctor on a window nobody says', () => {
  let plainServer: FakeModelServer;
  beforeAll(async () => {
    plainServer = await startFakeModelServer({ models: ['house-model'], flavor: 'openai' });
  });
  afterAll(() => plainServer.close());

  it('warns that the window is assumed, naming the provider and the key that sets it, and exits 0', async () => {
    await sandbox.writeConfig({ providers: { lab: { model: 'house-model', config: { base_url: plainServer.openaiBaseUrl } } } });
    const result = await doctor();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        '! provider lab: house-model is available (1 model listed), but its context window is assumed',
        '    context window 8,192 tokens (assumed: the server does not say it; set context_window)',
        '    → set providers.lab.config.context_window to the model’s window: falcon config set lab --context-window <tokens>',
      ].join('\n'),
    );
    const json = JSON.parse((await doctor(['--json'])).stdout) as { checks: { name: string; status: string; fix?: string }[] };
    expect(json.checks.find((check) => check.name === 'provider lab')).toMatchObject({
      status: 'warn',
      fix: expect.stringContaining('providers.lab.config.context_window'),
    });
  });

  it('is content once the config sets the window', async () => {
    await sandbox.writeConfig({ providers: { lab: { model: 'house-model', config: { base_url: plainServer.openaiBaseUrl, context_window: 32_768 } } } });
    const result = await doctor();
    expect(result.stdout).toContain(
      '✓ provider lab: house-model is available (1 model listed)\n    context window 32,768 tokens (from context_window in the config)\n',
    );
  });

  it('names num_ctx for an Ollama that does not say the model’s window', async () => {
    // An Ollama from before /api/show reported model_info: it lists the model and says nothing of its window.
    const oldOllama = createHttpServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/api/tags') return response.end(JSON.stringify({ models: [{ name: 'tiny:latest', model: 'tiny:latest', size: 1, digest: 'd' }] }));
      if (request.url === '/api/show') return response.end(JSON.stringify({ modelfile: 'FROM tiny', parameters: '', template: '{{ .Prompt }}' }));
      response.statusCode = 404;
      response.end(JSON.stringify({ error: 'not found' }));
    });
    const url = await listenOnLoopback(oldOllama);
    try {
      await sandbox.writeConfig({ providers: { ollama: { model: 'tiny', config: { mode: 'local', url } } } });
      const result = await doctor();
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        [
          '! provider ollama: tiny is available (1 model listed), but its context window is assumed',
          '    context window 8,192 tokens, sent as num_ctx (assumed: Ollama does not say the model’s window; set num_ctx)',
          '    → set providers.ollama.config.num_ctx to the model’s window: falcon config set ollama --num-ctx <tokens>',
        ].join('\n'),
      );
    } finally {
      await closeServer(oldOllama);
    }
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
