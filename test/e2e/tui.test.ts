import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let models: FakeModelServer;
let api: TestApi;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['llama-test', 'qwen-test'] });
  api = await startTestApi();
});
afterAll(async () => {
  await models.close();
  await api.close();
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.testApiAt(api.url);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } },
      ollama: { model: 'llama-test', config: { mode: 'local', url: models.ollamaUrl } },
    },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

async function openSession(): Promise<PtySession> {
  falcon = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

/** Types a message, then presses Enter in a separate read, as a person does (one read is a paste). */
const send = (session: PtySession, text: string) => session.submit(text);

/** ↓ in a picker, then waits until the selection (❯) has moved: Enter after it chooses the next item. */
async function moveDown(session: PtySession): Promise<void> {
  const selected = () =>
    session
      .screen()
      .split('\n')
      .find((line) => line.includes('❯'));
  const before = selected();
  await session.press('\x1b[B');
  await until(() => selected() !== before, 'the selection to move');
}

describe('the interactive session', () => {
  it('shows the splash, then a streamed Markdown answer', async () => {
    models.script([{ text: 'Thought: easy.\nFinal Answer: ## Users\n\nThe API has **2 users**:\n\n- Ada\n- Grace\n', chunkSize: 6, chunkDelayMs: 15 }]);
    const session = await openSession();
    expect(session.screen()).toMatch(/falcon/i);
    expect(session.screen()).toContain('openai/gpt-test');
    await send(session, 'how many users?');
    await session.waitForText('Grace');
    const screen = session.screen();
    expect(screen).toContain('how many users?');
    expect(screen).toContain('Users');
    expect(screen).toContain('2 users');
    expect(screen).not.toContain('Final Answer');
    expect(screen).not.toContain('**');
  });

  it('shows a tool call with its duration and result', async () => {
    models.script([`ACTION: http_request({"method": "GET", "url": "${api.url}/users/3"})`, 'Final Answer: user 3 is Ada']);
    const session = await openSession();
    await send(session, 'get user 3');
    await session.waitForText('user 3 is Ada');
    expect(session.screen()).toMatch(/✓ http_request GET http:\/\/127\.0\.0\.1:\d+\/users\/3 · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)/);
    // The result line as the tool tells it, not the observation's first line.
    expect(session.screen()).toMatch(/⎿ 200 OK · (?:\d+ ms|[\d.]+ s) · \d+ B json/);
    expect(session.screen()).not.toContain('HTTP 200 OK');
  });

  it.each([
    { key: 'y', content: 'changed\n', told: /^Observation: (Wrote|Created|Changed)/ },
    { key: 'n', content: 'original\n', told: /The user declined/ },
  ])('asks before writing a file and honours "$key"', async ({ key, content, told }) => {
    await writeFile(path.join(sandbox.project, 'notes.txt'), 'original\n');
    models.script([
      'ACTION: read_file({"path": "notes.txt"})',
      'ACTION: write_file({"path": "notes.txt", "content": "changed\\n"})',
      'Final Answer: done with the notes',
    ]);
    const session = await openSession();
    await send(session, 'change the notes');
    await session.waitForText('notes.txt');
    await session.waitForText(/-original/);
    expect(session.screen()).toContain('+changed');
    session.write(key);
    await session.waitForText('done with the notes');
    expect(await readFile(path.join(sandbox.project, 'notes.txt'), 'utf8')).toBe(content);
    expect(models.requests[2]!.messages.at(-1)!.content).toMatch(told);
  });

  it('stops a streaming reply on Esc and takes the next message', async () => {
    models.script([{ text: 'Final Answer: a very long story that goes on', hangAfterChars: 30 }, 'Final Answer: second answer']);
    const session = await openSession();
    await send(session, 'tell a story');
    await session.waitForText('a very long');
    session.write('\x1b');
    await session.waitForText('— interrupted');
    await send(session, 'and now?');
    await session.waitForText('second answer');
  });

  it('switches provider and model with /model', async () => {
    models.script(['Final Answer: hello from ollama']);
    const session = await openSession();
    await send(session, '/model');
    await session.waitForText('Which provider?');
    await moveDown(session);
    session.write('\r');
    await session.waitForText('Which model of ollama?');
    await session.waitForText('qwen-test');
    await moveDown(session);
    session.write('\r');
    await session.waitForText('Now using ollama/qwen-test, context window 32,768 tokens, sent as num_ctx');
    await send(session, 'hi');
    await session.waitForText('hello from ollama');
    const chat = models.requests.find((r) => r.path === '/api/chat');
    expect(chat).toMatchObject({ protocol: 'ollama', model: 'qwen-test', options: { num_ctx: 32_768 } });
    await session.waitForText('ollama/qwen-test');
  });
});
