// The API's server in the interactive session, through the built binary in a pseudo-terminal: the
// status line follows it (`api ○ stopped`, `api ● :PORT`), /server starts, shows, stops it, and its
// whole process tree ends on /server stop and when the session ends with Ctrl-C.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { freePort, writeNodeApp } from '../apis/planted-bug-apps.js';
import { killMentioning, processesMentioning } from '../support/processes-mentioning.js';
import { type PtySession, startFalconInPty } from '../support/pty-session.js';
import { requirePlatform } from '../support/required-tools.js';

let models: FakeModelServer;
let sandbox: Sandbox;
let session: PtySession | undefined;
let tag: string;
let port: number;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  tag = `tag-${randomBytes(4).toString('hex')}`;
  port = await freePort();
  await sandbox.testApiAt(`http://127.0.0.1:${port}`);
  await writeNodeApp(sandbox.project);
  await writeFile(
    path.join(sandbox.project, '.falcon', 'config.yaml'),
    `server:\n  command: node --watch app.js ${tag}\n  env: {PORT: "${port}"}\n  ready: {log: "listening on"}\n`,
  );
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 32_768 } },
    },
  });
  await sandbox.trustProject();
});
afterEach(async () => {
  session?.kill('SIGKILL');
  session = undefined;
  killMentioning(tag);
  await sandbox.cleanup();
});

describe('/server and the status line', requirePlatform('linux', 'reads /proc for the process tree'), () => {
  it('starts, shows and stops the server; Ctrl-C ends the session and every process of it', async () => {
    session = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols: 140, rows: 40 });
    await session.waitForText('Ask about your API');
    await session.waitForText('api ○ stopped');

    await session.submit('/server start');
    await session.waitForText(`api ● :${port}`);
    expect(session.screen()).toContain(`The API is ready`);
    expect(processesMentioning(tag).length).toBeGreaterThan(0);

    await session.submit('/server logs');
    await session.waitForText(`listening on ${port}`);

    await session.submit('/server stop');
    await session.waitForText('api ○ stopped');
    expect(processesMentioning(tag)).toEqual([]);

    await session.submit('/server start');
    await session.waitForText(`api ● :${port}`);
    expect(processesMentioning(tag).length).toBeGreaterThan(0);
    await session.press('\x03');
    await session.press('\x03');
    await session.exited;
    expect(processesMentioning(tag)).toEqual([]);
  });
});
