// A model server that fails in any way ends `falcon -p` with exit 1 and one line on stderr that says
// what came back and what to do: no silence for minutes, no SDK dump, no stack.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['gpt-test', 'llama-test'] });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
});
afterEach(() => sandbox.cleanup());

function configFor(provider: 'openai' | 'ollama', extra: Record<string, unknown> = {}) {
  return {
    default_provider: provider,
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, ...extra } },
      ollama: { model: 'llama-test', config: { mode: 'local', url: models.ollamaUrl, ...extra } },
    },
    retry: { delays_ms: [100] },
  };
}

const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });

/** Exit 1 and exactly one line on stderr, matching `line`; nothing an SDK would print. */
function expectOneClearLine(result: { code: number | null; stdout: string; stderr: string }, line: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toEqual([expect.stringMatching(line), '']);
  expect(result.stderr).not.toMatch(/\n\s+at |Could not parse|From chunk|invalid json|Getting text|SyntaxError/);
}

describe('falcon -p against a model server that fails', () => {
  it('gives up on a silent server after timeout_s and one retry, in seconds', async () => {
    await sandbox.writeConfig(configFor('openai', { timeout_s: 2 }));
    models.script([{ silent: true }, { silent: true }]);
    const started = Date.now();
    const result = await falcon(['-p', 'hi']);
    const elapsed = Date.now() - started;
    expectOneClearLine(
      result,
      /^falcon: openai: no answer from http:\/\/127\.0\.0\.1:\d+\/v1 for 2 s — check the server, or raise providers\.openai\.config\.timeout_s for a slow model \(after 1 retry\)$/,
    );
    expect(models.requests).toHaveLength(2);
    // Two silences of 2 s: no sooner. The server never answers, so nothing but them ends the run.
    expect(elapsed).toBeGreaterThanOrEqual(4000);
  });

  it.each(['openai', 'ollama'] as const)('%s: gives up after timeout_s on a model that writes nothing while the server sends keep-alives', async (provider) => {
    await sandbox.writeConfig(configFor(provider, { timeout_s: 1 }));
    const stalled = { text: 'Final Answer: never', hangAfterChars: 0, keepAliveEveryMs: 100 };
    models.script([stalled, stalled]);
    const result = await falcon(['-p', 'hi']);
    expectOneClearLine(
      result,
      new RegExp(
        `^falcon: ${provider}: no answer from http://127\\.0\\.0\\.1:\\d+\\S* for 1 s — check the server, or raise providers\\.${provider}\\.config\\.timeout_s for a slow model \\(after 1 retry\\)$`,
      ),
    );
    expect(models.requests).toHaveLength(2);
  });

  it('answers after a silent first attempt', async () => {
    await sandbox.writeConfig(configFor('ollama', { timeout_s: 1 }));
    models.script([{ silent: true }, 'Final Answer: there you are']);
    const result = await falcon(['-p', 'hi']);
    expect(result).toMatchObject({ code: 0, stdout: 'there you are\n', stderr: '' });
  });

  it('names a garbled stream, without the SDK’s dump of the chunk', async () => {
    await sandbox.writeConfig(configFor('openai'));
    models.script([{ status: 200, body: 'data: {"choices": [{"delta": {"content": "hel\n\n', headers: { 'content-type': 'text/event-stream' } }]);
    const result = await falcon(['-p', 'hi']);
    expectOneClearLine(
      result,
      /^falcon: openai: http:\/\/127\.0\.0\.1:\d+\/v1 sent a stream Falcon cannot read \(not JSON: `\{"choices": \[\{"delta": \{"content": "hel`\) — is base_url an OpenAI-compatible endpoint\?$/,
    );
  });

  it('names a garbled Ollama stream, without the SDK’s warning', async () => {
    await sandbox.writeConfig(configFor('ollama'));
    models.script([{ text: 'Final Answer: x', garbleAfterChars: 0, garbage: '<<<garbage>>>' }]);
    const result = await falcon(['-p', 'hi']);
    expectOneClearLine(
      result,
      /^falcon: ollama: http:\/\/127\.0\.0\.1:\d+ sent a stream Falcon cannot read \(not JSON: `<<<garbage>>>`\) — is url an Ollama server\?$/,
    );
  });

  it('calls an HTML page an HTML page, not a stream cut off', async () => {
    await sandbox.writeConfig(configFor('openai'));
    models.script([
      { status: 200, body: '<!doctype html><html><head><title>Welcome to nginx!</title></head></html>', headers: { 'content-type': 'text/html' } },
    ]);
    const result = await falcon(['-p', 'hi']);
    expectOneClearLine(
      result,
      /^falcon: openai: http:\/\/127\.0\.0\.1:\d+\/v1 answered with an HTML page \(“Welcome to nginx!”\), not the API — check base_url$/,
    );
    expect(models.requests).toHaveLength(1);
  });
});

describe('falcon config set --timeout-s', () => {
  it('saves it, lists it, refuses what Node cannot wait for, and removes it', async () => {
    await sandbox.writeConfig(configFor('ollama'));
    const set = await falcon(['config', 'set', 'ollama', '--timeout-s', '240']);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('A call to ollama fails, and is retried, after 240 s without a byte from the server.');
    expect((await falcon(['config', 'list'])).stdout).toMatch(/^ {2}ollama .* timeout 240 s .*default$/m);

    const tooLong = await falcon(['config', 'set', 'ollama', '--timeout-s', '900']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain("providers.ollama.config.timeout_s: expected 300 or less (Node's fetch gives up after 300 s of silence), got 900");
    expect((await falcon(['config', 'set', 'ollama', '--timeout-s', 'soon'])).code).toBe(2);

    expect((await falcon(['config', 'set', 'ollama', '--timeout-s', ''])).code).toBe(0);
    expect((await falcon(['config', 'list'])).stdout).not.toContain('timeout');
  });
});
