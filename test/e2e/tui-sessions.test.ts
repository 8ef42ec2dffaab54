import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

// Finding sessions again: `falcon --resume` with no id, `/sessions` and `/resume` list each session's
// first message, when it was last used and its turns; a resumed session names its attached files.

let models: FakeModelServer;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

/** Lines of the attached file: none of them may show on a resumed screen. */
const APP_LINES = Array.from({ length: 12 }, (_, i) => `app.get('/route-${i}', handlerNumber${i});`);
const WHEN = /(today|yesterday) \d\d:\d\d/;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['gpt-test'] });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.testApiAt('http://127.0.0.1:9');
  await sandbox.writeConfig({
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 32_768 } },
    },
  });
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

function open(args: string[] = []): PtySession {
  falcon = startFalconInPty(args, { cwd: sandbox.project, env: sandbox.env(), cols: 60, rows: 40 });
  return falcon;
}

/** Types a message, waits until the input box shows it, then presses Enter in a read of its own. */
async function send(session: PtySession, text: string): Promise<void> {
  session.write(text);
  await session.waitForText(text);
  session.write('\r');
}

async function quit(session: PtySession): Promise<void> {
  session.write('\x03');
  await session.waitForText('Press Ctrl-C again to quit.');
  session.write('\x03');
  await session.exited;
}

/** A session of two turns in the TUI, the first with an attached file; then one of one turn through `falcon -p`. */
async function twoSessions(): Promise<void> {
  await mkdir(path.join(sandbox.project, 'src'));
  await writeFile(path.join(sandbox.project, 'src', 'app.js'), `${APP_LINES.join('\n')}\n`);
  models.script(['Final Answer: It declares twelve routes.', 'Final Answer: All of them answer GET.']);
  const tui = open();
  await tui.waitForText('Ask about your API');
  await send(tui, 'explain @src/app.js');
  await tui.waitForText('It declares twelve routes.');
  expect(tui.screen()).toContain('↳ src/app.js (12 lines)');
  expect(models.requests[0]!.messages.at(-1)!.content).toContain(APP_LINES[5]);
  await send(tui, 'which methods?');
  await tui.waitForText('All of them answer GET.');
  await quit(tui);

  models.script(['Final Answer: there are 3 users']);
  const headless = await runFalcon(['-p', 'how many users are there?'], { cwd: sandbox.project, env: sandbox.env() });
  expect(headless.code).toBe(0);
}

describe('finding sessions again', () => {
  it('falcon --resume lists each session’s first message, time and turns, and reopens the one chosen with its attached files as lines', async () => {
    await twoSessions();
    const session = open(['--resume']);
    await session.waitForText('Resume which session?');
    await session.waitForText('explain @src/app.js');
    const screen = session.screen();
    expect(screen).toMatch(new RegExp(`❯ how many users are there\\? +${WHEN.source} · 1 turn`));
    expect(screen).toMatch(new RegExp(`  explain @src/app\\.js +${WHEN.source} · 2 turns`));

    session.write('\x1b[B');
    await session.waitForText('❯ explain @src/app.js');
    session.write('\r');
    await session.waitForText('All of them answer GET.');
    const resumed = session.screen();
    expect(resumed).toContain('› explain @src/app.js\n  ↳ src/app.js (12 lines)');
    expect(resumed).toContain('It declares twelve routes.');
    expect(resumed).toContain('› which methods?');
    for (const line of APP_LINES) expect(resumed).not.toContain(line);
    expect(resumed).not.toContain('Resume which session?');

    await send(session, '/sessions');
    await session.waitForText('Sessions (2)');
    const listed = session.screen();
    expect(listed).toMatch(new RegExp(`how many users are there\\?\\n  ${WHEN.source} · 1 turn · \\d{8}-\\d{6}-[0-9a-f]{6}`));
    expect(listed).toMatch(new RegExp(`explain @src/app\\.js \\(this session\\)\\n  ${WHEN.source} · 2 turns · \\d{8}-\\d{6}-[0-9a-f]{6}`));

    await send(session, '/resume');
    await session.waitForText(/❯ how many users are there\? +(today|yesterday)/);
    session.write('\r');
    await session.waitForText('› how many users are there?');
    await session.waitForText('there are 3 users');
  });

  it('leaves falcon --resume on Esc without opening a session', async () => {
    await twoSessions();
    const session = open(['--resume']);
    await session.waitForText('Resume which session?');
    session.write('\x1b');
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(0);
    expect(session.screen()).toContain('No session resumed.');
    expect(session.screen()).not.toContain('Ask about your API');
  });

  it('opens a new session, saying so, when there is none to resume', async () => {
    const session = open(['--resume']);
    await session.waitForText('No saved sessions in this project yet: this is a new one.');
    await session.waitForText('Ask about your API');
  });

  it('asks for an id with -p', async () => {
    const result = await runFalcon(['-p', 'hello', '--resume'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('falcon: with -p, --resume needs a session id');
  });
});
