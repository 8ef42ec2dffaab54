import { mkdir, readFile, readdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, startFalcon, type Sandbox } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let models: FakeModelServer;
let api: TestApi;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = await startTestApi();
});
afterAll(async () => {
  await models.close();
  await api.close();
});
/** The sandbox's project, real path: the user's own, trusted, so its BASE_URL is the API under test. */
let projectFolder: string;
beforeEach(async () => {
  sandbox = await createSandbox();
  await sandbox.testApiAt(api.url);
  projectFolder = await realpath(sandbox.project);
  models.reset();
});
afterEach(async () => {
  await sandbox.cleanup();
});

function configFor(options: { stream?: boolean; fallback?: string[]; defaultProvider?: string } = {}) {
  const stream = options.stream ?? true;
  return {
    default_provider: options.defaultProvider ?? 'openai',
    trusted_folders: [projectFolder],
    ...(options.fallback ? { fallback: options.fallback } : {}),
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, stream } },
      ollama: { model: 'llama-test', config: { mode: 'local', url: models.ollamaUrl, stream } },
    },
    retry: { delays_ms: [50, 100, 200] },
  };
}

const falcon = (args: string[], stdin?: string) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env(), stdin });

async function sessionFiles(): Promise<string[]> {
  const dir = path.join(sandbox.project, '.falcon', 'sessions');
  return (await readdir(dir)).map((name) => path.join(dir, name));
}

describe.each([
  { provider: 'openai', stream: true },
  { provider: 'openai', stream: false },
  { provider: 'ollama', stream: true },
  { provider: 'ollama', stream: false },
])('a tool round trip through $provider (stream: $stream)', ({ provider, stream }) => {
  it('calls http_request on a real server and prints the answer', async () => {
    await sandbox.writeConfig(configFor({ stream, defaultProvider: provider }));
    models.script([
      `Thought: fetch the user.\nACTION: http_request({"method": "GET", "url": "${api.url}/users/7"})`,
      'Final Answer: User 7 is **Ada Lovelace**.',
    ]);
    const result = await falcon(['-p', 'who is user 7?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('User 7 is **Ada Lovelace**.\n');
    expect(api.hits).toContain('GET /users/7');
    expect(models.requests.map((r) => [r.protocol, r.stream])).toEqual([
      [provider, stream],
      [provider, stream],
    ]);
    const observation = models.requests[1]!.messages.at(-1)!.content;
    expect(observation).toMatch(/^Observation: HTTP 200 OK/);
    expect(observation).toContain('Ada Lovelace');
  });
});

describe('stream-json', () => {
  it('streams each tool result with the details its tool gave for the screen, and the observation the model read', async () => {
    await sandbox.writeConfig(configFor());
    await writeFile(path.join(sandbox.project, 'notes.txt'), 'one\ntwo\nthree\n');
    models.script([
      `ACTION: http_request({"method": "GET", "url": "${api.url}/users/7"})`,
      'ACTION: read_file({"path": "notes.txt", "limit": 2})',
      'ACTION: search_code({"pattern": "^t(wo|hree)$"})',
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'look around', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    const results = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string })
      .filter((event) => event.type === 'tool_result');
    expect(results).toEqual([
      expect.objectContaining({
        name: 'http_request',
        ok: true,
        output: expect.stringMatching(/^HTTP 200 OK/),
        details: {
          kind: 'http_response',
          status: 200,
          statusText: 'OK',
          durationMs: expect.any(Number),
          sizeBytes: expect.any(Number),
          contentType: 'application/json',
        },
      }),
      expect.objectContaining({ name: 'read_file', details: { kind: 'file_read', path: 'notes.txt', firstLine: 1, lastLine: 2, totalLines: 3 } }),
      expect.objectContaining({ name: 'search_code', details: { kind: 'found', count: 2, noun: 'match', files: 1 } }),
    ]);
  });
});

describe('failures of the model service', () => {
  it('retries a 429 after Retry-After and then answers', async () => {
    await sandbox.writeConfig(configFor());
    models.script([{ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down', type: 'rate_limit' } } }, 'Final Answer: fine']);
    const started = Date.now();
    const result = await falcon(['-p', 'hi', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ attempt: 1, delayMs: 1000 });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'answer' });
  });

  it('switches to the fallback provider after 500s on the default', async () => {
    await sandbox.writeConfig(configFor({ fallback: ['ollama'] }));
    const error = { status: 500, body: { error: { message: 'upstream broke', type: 'server_error' } } };
    models.script([error, error, error, error], { model: 'gpt-test' });
    models.script(['Final Answer: answered by the fallback'], { model: 'llama-test' });
    const result = await falcon(['-p', 'hi', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(3);
    expect(events.find((e) => e.type === 'provider_switch')).toMatchObject({ from: 'openai/gpt-test', to: 'ollama/llama-test' });
    expect(events.find((e) => e.type === 'answer')).toMatchObject({ text: 'answered by the fallback' });
  });

  it('discards a stream cut mid-way and makes the call again', async () => {
    await sandbox.writeConfig(configFor());
    models.script([{ text: 'Final Answer: this reply is cut off half way', cutAfterChars: 20 }, 'Final Answer: the whole reply']);
    const result = await falcon(['-p', 'hi', '--output-format', 'json']);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ answer: 'the whole reply', reason: 'answer', turns: 1, toolCalls: 0 });
    expect(models.requests).toHaveLength(2);
  });

  it('says plainly when the API key is refused, without retrying', async () => {
    await sandbox.writeConfig(configFor());
    models.script([{ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } }]);
    const result = await falcon(['-p', 'hi']);
    expect(result.code).toBe(1);
    expect(models.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/401/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the loop through the binary', () => {
  it('stops at --max-turns with exit code 3', async () => {
    await sandbox.writeConfig(configFor());
    models.script(Array(5).fill(`ACTION: http_request({"method": "GET", "url": "${api.url}/users/1"})`));
    const result = await falcon(['-p', 'loop', '--max-turns', '2', '--output-format', 'json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ answer: null, reason: 'limit', turns: 2, toolCalls: 2 });
  });

  it('applies tool_limits from .falcon/config.yaml', async () => {
    await sandbox.writeConfig(configFor());
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'tool_limits:\n  http_request: 1\n');
    const call = `ACTION: http_request({"method": "GET", "url": "${api.url}/users/1"})`;
    models.script([call, call, 'Final Answer: done']);
    const result = await falcon(['-p', 'go']);
    expect(result.code).toBe(0);
    expect(models.requests[2]!.messages.at(-1)!.content).toMatch(/http_request has reached its limit of 1 calls/);
  });

  it('uses the provider and model given by --provider and --model', async () => {
    await sandbox.writeConfig(configFor());
    models.script(['Final Answer: from ollama']);
    const result = await falcon(['-p', 'hi', '--provider', 'ollama', '--model', 'qwen-test']);
    expect(result.stdout).toBe('from ollama\n');
    expect(models.requests[0]).toMatchObject({ protocol: 'ollama', model: 'qwen-test' });
    const unknown = await falcon(['-p', 'hi', '--provider', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/"nope" is not configured/);
  });

  it('writes a file with --yes and leaves it untouched without', async () => {
    await sandbox.writeConfig(configFor());
    const target = path.join(sandbox.project, 'notes.txt');
    await writeFile(target, 'original\n');
    const reply = 'ACTION: write_file({"path": "notes.txt", "content": "changed\\n"})';

    // write_file changes only files read first in the session.
    models.script(['ACTION: read_file({"path": "notes.txt"})', reply, 'Final Answer: tried']);
    const declined = await falcon(['-p', 'change notes', '--output-format', 'stream-json']);
    expect(declined.code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('original\n');
    const events = declined.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.find((e) => e.type === 'confirmation_required')).toMatchObject({
      tool: 'write_file',
      preview: { kind: 'diff', path: 'notes.txt', isNew: false },
    });
    expect(events.find((e) => e.type === 'confirmation_resolved')).toMatchObject({ approved: false });
    expect(models.requests[2]!.messages.at(-1)!.content).toMatch(/The user declined/);

    models.script(['ACTION: read_file({"path": "notes.txt"})', reply, 'Final Answer: changed']);
    const approved = await falcon(['-p', 'change notes', '--yes']);
    expect(approved.code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('changed\n');
  });

  it('recovers from bad arguments and an unknown tool', async () => {
    await sandbox.writeConfig(configFor());
    models.script([
      'ACTION: http_request({"method": "GET"})',
      'ACTION: fetch_everything({})',
      `ACTION: http_request({"method": "GET", "url": "${api.url}/users/2"})`,
      'Final Answer: recovered',
    ]);
    const result = await falcon(['-p', 'go']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('recovered\n');
    const observations = models.requests.slice(1).map((r) => r.messages.at(-1)!.content);
    expect(observations[0]).toMatch(/invalid arguments for http_request: url/);
    expect(observations[1]).toMatch(/unknown tool "fetch_everything"/);
    expect(observations[2]).toMatch(/HTTP 200 OK/);
  });

  it('is interrupted by Ctrl-C mid-stream: exit 130, session saved', async () => {
    await sandbox.writeConfig(configFor());
    models.script([{ text: 'Final Answer: a long story that never ends', hangAfterChars: 14 }]);
    const { child, result } = startFalcon(['-p', 'tell me a story'], { cwd: sandbox.project, env: sandbox.env() });
    child.stdin!.end();
    await waitFor(() => models.requests.length === 1);
    // The answer never ends: only Ctrl-C ends the run.
    child.kill('SIGINT');
    const outcome = await result;
    expect(outcome.code).toBe(130);
    expect(outcome.stderr).toMatch(/interrupted/);
    const [file] = await sessionFiles();
    const lines = (await readFile(file!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.kind === 'message')).toMatchObject({ role: 'user', content: 'tell me a story' });
    expect(lines.at(-1)).toMatchObject({ kind: 'event', event: { type: 'run_end', reason: 'cancelled' } });
  });
});

describe('sessions and output', () => {
  it('continues the latest session with --continue and a given one with --resume', async () => {
    await sandbox.writeConfig(configFor());
    models.script(['Final Answer: noted, the code word is heron']);
    const first = JSON.parse((await falcon(['-p', 'remember: heron', '--output-format', 'json'])).stdout);

    models.script(['Final Answer: heron']);
    await falcon(['-p', 'what was the word?', '--continue']);
    expect(models.requests.at(-1)!.messages.map((m) => m.content)).toContain('remember: heron');

    models.script(['Final Answer: still heron']);
    const resumed = await falcon(['-p', 'again?', '--resume', first.sessionId, '--output-format', 'json']);
    expect(JSON.parse(resumed.stdout).sessionId).toBe(first.sessionId);
    expect(models.requests.at(-1)!.messages.map((m) => m.content)).toContain('what was the word?');
    expect(await sessionFiles()).toHaveLength(1);

    const missing = await falcon(['-p', 'x', '--resume', 'no-such-session']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No session "no-such-session"/);
  });

  it('prints one JSON object with --output-format json', async () => {
    await sandbox.writeConfig(configFor());
    models.script([`ACTION: http_request({"method": "GET", "url": "${api.url}/users/3"})`, 'Final Answer: ok']);
    const result = await falcon(['-p', 'go', '--output-format', 'json']);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ answer: 'ok', reason: 'answer', turns: 2, toolCalls: 1 });
    expect(output.usage.inputTokens).toBeGreaterThan(0);
    expect(output.sessionId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
  });

  it('reads the task from stdin when -p has no value', async () => {
    await sandbox.writeConfig(configFor());
    models.script(['Final Answer: from stdin']);
    const result = await falcon(['-p'], 'a task on stdin');
    expect(result.stdout).toBe('from stdin\n');
    expect(models.requests[0]!.messages.at(-1)!.content).toBe('a task on stdin');
  });

  it('exits quietly when stdout is closed early', async () => {
    await sandbox.writeConfig(configFor());
    models.script([{ text: `Final Answer: ${'many words '.repeat(3000)}`, chunkSize: 5 }]);
    const { child, result } = startFalcon(['-p', 'go', '--output-format', 'stream-json'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    child.stdin!.end();
    child.stdout!.once('data', () => child.stdout!.destroy());
    const outcome = await result;
    expect(outcome.stderr).not.toMatch(/EPIPE|Error/);
    expect(outcome.code).toBe(0);
  });
});

describe('usage and setup errors', () => {
  it('prints the version and help', async () => {
    const version = await falcon(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await falcon(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--output-format/);
    expect(help.stdout).toMatch(/Exit codes/);
  });

  it('exits 2 on bad usage', async () => {
    const result = await falcon(['-p', 'x', '--output-format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/xml/);
    const turns = await falcon(['-p', 'x', '--max-turns', 'zero']);
    expect(turns.code).toBe(2);
  });

  it('explains a missing provider without a stack trace', async () => {
    const result = await falcon(['-p', 'hi']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/config\.yaml/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the file and line of a malformed config', async () => {
    await writeFile(path.join(sandbox.home, 'config.yaml'), 'default_provider: openai\nproviders:\n  openai:\n    model: 5\n');
    const result = await falcon(['-p', 'hi']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/config\.yaml:4/);
    expect(result.stderr).toMatch(/providers\.openai\.model/);
  });
});

const waitFor = (condition: () => boolean) => until(condition, 'a condition');

describe("the project's .env", () => {
  it("is loaded before the provider is set up: a key that lives only in a trusted folder's .env reaches the server", async () => {
    const keyed = await startFakeModelServer({ apiKey: 'sk-from-dot-env-1234567890' });
    try {
      await sandbox.writeConfig({
        default_provider: 'openai',
        providers: { openai: { model: 'gpt-test', config: { base_url: keyed.openaiBaseUrl } } },
        trusted_folders: [await realpath(sandbox.project)],
      });
      await writeFile(path.join(sandbox.project, '.env'), 'OPENAI_API_KEY=sk-from-dot-env-1234567890\n');
      keyed.script(['Final Answer: keyed']);
      const result = await falcon(['-p', 'hi']);
      expect(result.stdout).toBe('keyed\n');
      expect(result.code).toBe(0);
    } finally {
      await keyed.close();
    }
  });
});
