// Typing into the session as terminals, tmux and dictation tools really send it: text and Enter in one
// read, bracketed pastes, Esc in the middle of an answer, a follow-up typed while the answer streams.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../src/workspace/session-store.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

let falcon: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    falcon?.kill();
    falcon = undefined;
  },
});

async function open(args: string[] = []): Promise<PtySession> {
  falcon = startFalconInPty(args, { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  // Ink turns raw mode on just after its first frame; before that the terminal would echo the keys.
  await falcon.waitUntilReadingKeys();
  return falcon;
}

async function quit(session: PtySession): Promise<number> {
  session.write('\x03');
  await session.waitForText('Press Ctrl-C again to quit.');
  session.write('\x03');
  return (await session.exited).exitCode;
}

async function sessionRecords(): Promise<SessionRecord[]> {
  const dir = path.join(project.sandbox.project, '.falcon', 'sessions');
  const [file] = await readdir(dir);
  const text = await readFile(path.join(dir, file!), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SessionRecord);
}

const lastUserMessage = (request: number) => project.models.requests[request]!.messages.filter((m) => m.role === 'user').at(-1)!.content;

/** An answer streamed four characters at a time that stops once `shown` is out, until the test calls `release`. */
function heldAnswer(text: string, shown: string) {
  const whole = `Final Answer: ${text}`;
  const heldAt = Math.ceil((whole.indexOf(shown) + shown.length) / 4);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let chunks = 0;
  return { reply: { text: whole, chunkSize: 4, beforeChunk: () => (++chunks >= heldAt ? released : Promise.resolve()) }, release };
}

/** An answer that stops for good once `shown` is out: only an interruption ends it. */
function hangingAnswer(text: string, shown: string) {
  const whole = `Final Answer: ${text}`;
  return { text: whole, chunkSize: 4, hangAfterChars: whole.indexOf(shown) + shown.length };
}

describe('text and Enter in one read', () => {
  it('sends the message, and turns bracketed paste on at start and off at exit', async () => {
    project.models.script(['Final Answer: notes written']);
    const session = await open();
    expect(session.output()).toContain(PASTE_ON);
    session.write('please write notes\r');
    await session.waitForText('notes written');
    expect(lastUserMessage(0)).toBe('please write notes');
    expect(session.screen()).toMatch(/› please write notes/);

    expect(await quit(session)).toBe(0);
    const output = session.output();
    expect(output.lastIndexOf(PASTE_OFF)).toBeGreaterThan(output.lastIndexOf(PASTE_ON));
  });

  it('turns bracketed paste off when the session is ended by SIGTERM', async () => {
    const session = await open();
    session.kill('SIGTERM');
    await session.exited;
    expect(session.output()).toContain(PASTE_OFF);
  });
});

describe('bracketed paste', () => {
  it('keeps the lines of a paste in the box, and Enter sends them as one message', async () => {
    project.models.script(['Final Answer: three lines read']);
    const session = await open();
    session.write('\x1b[200~line1\nline2\rline3\x1b[201~');
    await session.waitForText('line3');
    expect(session.screen()).toMatch(/› line1\s*│\n│\s+line2\s*│\n│\s+line3\s*│/);
    expect(project.models.requests).toHaveLength(0);
    session.write('\r');
    await session.waitForText('three lines read');
    expect(project.models.requests).toHaveLength(1);
    expect(lastUserMessage(0)).toBe('line1\nline2\nline3');
  });

  it('shows a long paste folded in the box, with text typed around it, and sends it whole', async () => {
    project.models.script(['Final Answer: all 120 lines read']);
    const lines = Array.from({ length: 120 }, (_, i) => `log line ${i + 1}`);
    const session = await open();
    session.write('look at this: ');
    session.write(`\x1b[200~${lines.join('\r')}\x1b[201~`);
    session.write(' thanks');
    await session.waitForText('› look at this: [pasted 120 lines] thanks');
    expect(session.screen()).not.toContain('log line 1');
    session.write('\r');
    await session.waitForText('all 120 lines read');
    expect(lastUserMessage(0)).toBe(`look at this: ${lines.join('\n')} thanks`);
  });
});

describe('Esc during an answer', () => {
  it('keeps what was shown, marked, in the transcript and the session file, and never sends it again', async () => {
    const answer = 'The first part of the notes is here. ' + 'More words follow, slowly. '.repeat(20) + 'THE END';
    project.models.script([hangingAnswer(answer, 'The first part of the notes is here.'), 'Final Answer: starting over']);
    const session = await open();
    session.write('write the notes\r');
    await session.waitForText('The first part of the notes is here.');
    session.write('\x1b');
    await session.waitForText('— interrupted');
    const screen = session.screen();
    expect(screen).toMatch(/The first part of the notes is here\.[\s\S]*— interrupted/);
    expect(screen).not.toContain('THE END');
    expect(screen).not.toContain('Interrupted.');

    const interrupted = (await sessionRecords()).filter((record) => record.kind === 'message' && record.interrupted);
    expect(interrupted).toHaveLength(1);
    expect(interrupted[0]).toMatchObject({ role: 'assistant', content: expect.stringMatching(/^Final Answer: The first part of the notes is here\./) });

    session.write('go on\r');
    await session.waitForText('starting over');
    const next = project.models.requests[1]!.messages;
    expect(next.some((message) => message.content.includes('The first part'))).toBe(false);
    expect(next.at(-1)).toEqual({ role: 'user', content: 'write the notes\n\ngo on' });

    expect(await quit(session)).toBe(0);
    const resumed = await open(['--continue']);
    await resumed.waitForText('starting over');
    expect(resumed.screen()).toMatch(/› write the notes\n\nThe first part of the notes is here\.[\s\S]*— interrupted\n\n› go on/);
  });

  it('keeps the streamed part of a falcon -p answer stopped by Ctrl-C in the session file', async () => {
    const shown = 'Partial words arrive. Partial words arrive.';
    project.models.script([hangingAnswer('Partial words arrive. '.repeat(30), shown)]);
    // stream-json shows each piece as it comes: Ctrl-C once all that will come has been read.
    falcon = startFalconInPty(['-p', 'write a lot', '--output-format', 'stream-json'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    const streamed = () =>
      falcon!
        .output()
        .split(/\r?\n/)
        .filter((line) => line.startsWith('{"type":"text_delta"'))
        .map((line) => (JSON.parse(line) as { text: string }).text)
        .join('');
    await until(() => streamed().includes(shown), 'the answer up to where it stops');
    falcon.write('\x03');
    expect((await falcon.exited).exitCode).toBe(130);
    const interrupted = (await sessionRecords()).find((record) => record.kind === 'message' && record.interrupted);
    expect(interrupted).toMatchObject({ role: 'assistant', content: expect.stringMatching(/^Final Answer: Partial words/) });

    project.models.script(['Final Answer: done']);
    const next = await runFalcon(['-p', 'again', '--continue'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    expect(next.code).toBe(0);
    expect(project.models.requests[1]!.messages.some((message) => message.content.includes('Partial words'))).toBe(false);
  });
});

describe('a follow-up typed while the answer streams', () => {
  it('is answered right after the answer, shown after it, and the queued line goes', async () => {
    const first = heldAnswer('Here is the first answer. ' + 'It takes a while. '.repeat(8) + 'FIRST DONE', 'Here is the first answer.');
    project.models.script([first.reply, 'Final Answer: the follow-up answer']);
    const session = await open();
    session.write('first question\r');
    await session.waitForText('Here is the first answer.');
    session.write('and a follow-up\r');
    await session.waitForText('queued: and a follow-up');
    first.release();
    await session.waitForText('the follow-up answer');
    await session.waitForText(/ready/);

    const screen = session.screen();
    expect(screen).not.toContain('queued:');
    const order = ['FIRST DONE', '› and a follow-up', 'the follow-up answer'].map((text) => screen.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(-1);
    expect(project.models.requests).toHaveLength(2);
    const second = project.models.requests[1]!.messages;
    expect(second.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('FIRST DONE') });
    expect(second.at(-1)).toEqual({ role: 'user', content: 'and a follow-up' });
  });
});
