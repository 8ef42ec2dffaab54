import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type PtySession, startFalconInPty } from '../support/pty-session.js';

const KEY = 'sk-test-0123456789abcdef';
const KEYS = { up: '\x1b[A', down: '\x1b[B', enter: '\r', ctrlC: '\x03' };
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['gpt-4o-mini', 'llama3.2:latest', 'qwen2.5-coder:7b'], apiKey: KEY });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const configFile = () => path.join(sandbox.home, 'config.yaml');
/** As messages show it: the sandbox's HOME holds its Falcon home. */
const shownConfigFile = () => path.join('~', path.basename(sandbox.home), 'config.yaml');
const written = async () => parse(await readFile(configFile(), 'utf8')) as Record<string, unknown>;

/**
 * Types `keys` once `question` is the prompt waiting for them: inquirer marks it `?` (an answered one
 * `✔`), and it reads keys. Keys typed before it listens would land in the terminal's line buffer instead.
 */
async function answer(session: PtySession, question: string, keys: string): Promise<void> {
  const escaped = question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await session.waitForText(new RegExp(`^\\? ${escaped}`, 'm'));
  await session.press(keys);
}

describe('falcon config, the interactive menu, in a terminal', () => {
  it('needs a terminal', async () => {
    const result = await runFalcon(['config'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('falcon config asks its questions on a terminal');
  });

  it('is driven by key presses: Ollama, its live model list, a test, then the YAML written', async () => {
    await rm(sandbox.home, { recursive: true });
    const session = startFalconInPty(['config'], { cwd: sandbox.project, env: sandbox.env() });
    await answer(session, 'Which provider?', KEYS.enter); // Ollama
    await answer(session, 'Local Ollama or Ollama cloud?', KEYS.enter); // Local
    await answer(session, 'Ollama URL', `${models.ollamaUrl}${KEYS.enter}`);
    // This server wants a key, which a local Ollama does not send: listing fails, the model is typed.
    await answer(session, 'Model', `llama3.2${KEYS.enter}`);
    expect(session.screen()).toMatch(
      /ollama did not list its models: no API key is set\n\s+check api_key or OLLAMA_API_KEY\nType the name of the model to use\./,
    );
    await answer(session, 'What now?', `${KEYS.down}${KEYS.enter}`); // Keep these settings anyway
    expect(session.screen()).toContain('✗ ollama: no API key is set');
    await answer(session, 'What would you like to do?', `${KEYS.up}${KEYS.enter}`); // Test the connections, above Save and exit
    await session.waitForText(/Testing ollama…[\s\S]*check api_key or OLLAMA_API_KEY\s+\? What would you like to do\?/);
    session.write(KEYS.enter); // Save and exit
    await session.waitForText('Saved');

    expect((await session.exited).exitCode).toBe(0);
    expect(session.screen()).toContain(`Saved ${shownConfigFile()}.`);
    expect(await written()).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2', config: { mode: 'local', url: models.ollamaUrl } } },
    });
    expect((await stat(sandbox.home)).mode & 0o777).toBe(0o700);
    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
  });

  it('picks the model from the live list, the current one preselected', async () => {
    await sandbox.writeConfig({ providers: { lmstudio: { model: 'qwen2.5-coder:7b', config: { base_url: 'http://localhost:1/v1' } } } });
    const session = startFalconInPty(['config'], { cwd: sandbox.project, env: sandbox.env() });
    await answer(session, 'What would you like to do?', KEYS.enter); // Add or update a provider
    await answer(session, 'Which provider?', `${KEYS.down.repeat(6)}${KEYS.enter}`); // lmstudio, after the six known providers
    await answer(session, 'Base URL of the server', `${models.openaiBaseUrl}${KEYS.enter}`);
    await answer(session, 'lmstudio API key', KEYS.enter); // Enter a new key
    await session.waitForText('✔ lmstudio API key Enter a new key');
    await answer(session, 'lmstudio API key', `${KEY}${KEYS.enter}`);
    await answer(session, 'Model', KEYS.up); // from the preselected model to the one above it
    expect(session.screen()).not.toContain(KEY);
    await session.waitForText('❯ llama3.2:latest');
    session.write(KEYS.enter);
    await session.waitForText('✓ lmstudio: llama3.2:latest is available (3 models listed)');
    await answer(session, 'What would you like to do?', KEYS.enter); // Save and exit, preselected after a change
    await session.waitForText('Saved');

    expect((await session.exited).exitCode).toBe(0);
    expect(await written()).toEqual({
      default_provider: 'lmstudio',
      providers: { lmstudio: { model: 'llama3.2:latest', config: { base_url: models.openaiBaseUrl, api_key: KEY } } },
    });
  });

  it('leaves the file as it was on Ctrl-C and exits 130', async () => {
    await sandbox.writeConfig({ default_provider: 'ollama', providers: { ollama: { model: 'llama3.2' }, openai: { model: 'gpt-4o-mini' } } });
    const before = await readFile(configFile(), 'utf8');
    const session = startFalconInPty(['config'], { cwd: sandbox.project, env: sandbox.env() });
    await answer(session, 'What would you like to do?', `${KEYS.down}${KEYS.enter}`); // Set the default provider
    await answer(session, 'Default provider', `${KEYS.down}${KEYS.enter}`); // openai, not saved yet
    await session.waitForText('❯ Save and exit');
    session.write(KEYS.ctrlC);

    expect((await session.exited).exitCode).toBe(130);
    expect(session.screen()).toContain('Cancelled; nothing was changed.');
    expect(await readFile(configFile(), 'utf8')).toBe(before);
  });

  it('stops on Ctrl-C while a provider is being asked, writing nothing', async () => {
    const silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const session = startFalconInPty(['config'], { cwd: sandbox.project, env: sandbox.env() });
      await answer(session, 'Which provider?', KEYS.enter);
      await answer(session, 'Local Ollama or Ollama cloud?', KEYS.enter);
      await answer(session, 'Ollama URL', `http://127.0.0.1:${port}${KEYS.enter}`);
      await session.waitForText('Asking ollama for its models…');
      session.write(KEYS.ctrlC);

      expect((await session.exited).exitCode).toBe(130);
      expect(session.screen()).toContain('Cancelled; nothing was changed.');
      expect(await readdir(sandbox.home)).toEqual([]);
    } finally {
      silent.close();
    }
  });
});
