// The interactive session fed the escape corpus by the model, tools, a server and the config file:
// the screen shows the sequences as text, and the terminal's title and clipboard stay untouched.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { ESCAPE_CORPUS, ESCAPE_CORPUS_TEXT } from '../safety/escape-corpus.js';
import { startHostileServer, type HostileServer } from '../apis/hostile-server.js';
import { expectTerminalUntouched } from '../support/terminal-effects.js';

let models: FakeModelServer;
let hostile: HostileServer;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

const TITLE = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('OSC 0'))!;
const ERASE = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('CSI erase'))!;
const CLIPBOARD = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('OSC 52'))!;
const C1 = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('8-bit'))!;

beforeAll(async () => {
  models = await startFakeModelServer();
  hostile = await startHostileServer();
});
afterAll(async () => {
  await models.close();
  await hostile.close();
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await mkdir(path.join(sandbox.project, '.falcon'));
  await writeFile(path.join(sandbox.project, 'evil.txt'), ESCAPE_CORPUS_TEXT.replace(/\u0000/g, ''));
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: `gpt${TITLE.text}-test`, config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

/** A session with colours on, as most people run it. */
async function openSession(): Promise<PtySession> {
  const env = sandbox.env();
  delete env.NO_COLOR;
  falcon = startFalconInPty([], { cwd: sandbox.project, env, cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

const send = (session: PtySession, text: string) => session.submit(text);

describe('the interactive session with escape sequences', () => {
  it('shows them as text in the status bar, thoughts, tool lines, outputs and the streamed answer', async () => {
    models.script([
      `Thought: ${TITLE.text}\nACTION: read_file(${JSON.stringify({ path: 'evil.txt' })})`,
      `ACTION: http_request(${JSON.stringify({ method: 'GET', url: `${hostile.url}/json?q=${encodeURIComponent(ERASE.text)}` })})`,
      { text: `Final Answer: ## Done ${C1.text}\n\n${ESCAPE_CORPUS_TEXT}\n\nEnd with \`${CLIPBOARD.text}\`.`, chunkSize: 40, chunkDelayMs: 10 },
    ]);
    const session = await openSession();
    expect(session.screen()).toContain(`gpt${TITLE.shown}-test`);
    await send(session, 'look at evil.txt');
    await session.waitForText('y yes · n no');
    session.write('y');
    await session.waitForText(CLIPBOARD.shown); // the answer's last words
    await session.waitForText('● ready'); // the run has ended: the whole answer is in the transcript
    const screen = session.screen();
    expect(screen).toMatch(/^␛\]0;pwned-title\^Gafter$/m);
    expect(screen).toMatch(/✓ read_file evil\.txt/);
    expect(screen).toMatch(/⎿ evil\.txt · \d+ lines?$/m);
    expect(screen).toContain('Done ␛[2J␛]0;c1-title␛\\');
    expect(screen).toContain(CLIPBOARD.shown);
    expect(screen).toContain('touch pwned #␛[2K␛[1G$ echo harmless-looking');
    expect(screen).toContain('a<U+202E>evil<U+202C>');

    // Ctrl-O prints the transcript again with the tool output whole.
    session.write('\x0f');
    await session.waitForText('"csi": "␛[2J"');
    expect(session.screen()).toContain('"title": "\\u001b]0;json-title\\u0007"');
    expect(session.screen().match(/Done ␛\[2J/g)).toHaveLength(1);
    await expectTerminalUntouched(session.output());
  });

  it('shows a command that erases its own line exactly as it would run, in the confirmation panel', async () => {
    models.script([`ACTION: bash(${JSON.stringify({ command: ERASE.text })})`, 'Final Answer: declined, fine']);
    const session = await openSession();
    await send(session, 'tidy up');
    await session.waitForText('y yes · n no');
    expect(session.screen()).toContain(`$ ${ERASE.shown}`);
    expect(session.screen()).toContain(`run \`${ERASE.shown}\``);
    session.write('n');
    await session.waitForText('declined, fine');
    expect(existsSync(path.join(sandbox.project, 'pwned'))).toBe(false);
    await expectTerminalUntouched(session.output());
  });
});
