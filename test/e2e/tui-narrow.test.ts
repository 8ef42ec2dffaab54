import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

// A terminal 60 columns wide, and one that gets narrower while a session is open.

let models: FakeModelServer;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

beforeAll(async () => {
  // A plain OpenAI-compatible server: its model list says no window, so the session assumes one.
  models = await startFakeModelServer({ models: ['house-model'], flavor: 'openai' });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.testApiAt('http://127.0.0.1:9');
  await sandbox.writeConfig({ providers: { lab: { model: 'house-model', config: { base_url: models.openaiBaseUrl } } } });
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

async function open(cols: number): Promise<PtySession> {
  falcon = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols, rows: 40 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

/** Types a message, waits until the input box shows it, then presses Enter in a read of its own. */
async function send(session: PtySession, text: string): Promise<void> {
  session.write(text);
  await session.waitForText(text);
  session.write('\r');
}

const lines = (screen: string) => screen.split('\n');
const TABLE_EDGES: Record<string, string> = { '┌': '┐', '│': '│', '├': '┤', '└': '┘' };

/** The rows of drawn tables, and whether each ends with the border it began with (a table wider than the terminal wraps, and does not). */
function tableRows(screen: string): { row: string; closed: boolean }[] {
  return lines(screen)
    .filter((line) => line[0]! in TABLE_EDGES)
    .map((row) => ({ row, closed: row.endsWith(TABLE_EDGES[row[0]!]!) }));
}

const inputBoxTops = (screen: string) => lines(screen).filter((line) => /^╭─+╮$/.test(line));

describe('at 60 columns', () => {
  it('reflows a Markdown table inside the width, and keeps the context figure of an assumed window on the status line', async () => {
    const table = [
      'Final Answer: Two endpoints fail:',
      '',
      '| Method | Path | Status | What went wrong |',
      '|---|---|--:|---|',
      '| POST | /users | 500 | the handler reads body.name before checking that a body was sent at all |',
      '| GET | /users/{id} | 404 | an id that exists is looked up in the wrong table |',
      '',
      'Both are in src/users.js.',
    ].join('\n');
    models.script([table]);
    const session = await open(60);
    await send(session, 'which endpoints fail?');
    await session.waitForText('Both are in src/users.js.');
    const screen = session.screen();
    const rows = tableRows(screen);
    expect(rows.length).toBeGreaterThan(6);
    expect(rows.filter((row) => !row.closed)).toEqual([]);
    expect(screen).toMatch(/│ POST\s+│ \/users\s+│\s+500 │ the handler reads\s+│/);
    expect(screen.replace(/[│\s]+/g, ' ')).toContain('checking that a body was sent at all');
    await session.waitForText('context ? of 8k (assumed)');
    expect(lines(session.screen()).find((line) => line.includes('context ?'))).toMatch(/^● ready · lab\/house-model · context \? of 8k \(assumed\)$/);
  });

  it('keeps the + gutter on every row of a long added line the confirmation wraps', async () => {
    await writeFile(path.join(sandbox.project, 'notes.js'), "const greeting = 'hi';\n");
    const longLine = "const greeting = 'hello, and welcome to the users API: every request here is logged and checked';";
    models.script([
      'ACTION: read_file({"path": "notes.js"})',
      `ACTION: write_file(${JSON.stringify({ path: 'notes.js', content: `${longLine}\n` })})`,
      'Final Answer: the greeting is longer now',
    ]);
    const session = await open(60);
    await send(session, 'make the greeting longer');
    await session.waitForText("-const greeting = 'hi';");
    const screen = lines(session.screen());
    const first = screen.findIndex((line) => line.startsWith("│ +const greeting = 'hello, and"));
    expect(first).toBeGreaterThan(-1);
    const continued = screen.slice(first + 1).filter((line) => /^│ \+\S/.test(line));
    expect(continued.length).toBeGreaterThanOrEqual(1);
    // Each row holds 55 characters of code behind its gutter (60 columns less the border, padding and gutter).
    const rows = [screen[first]!, ...screen.slice(first + 1, first + 1 + continued.length)];
    expect(
      rows
        .map((row) => row.slice(3, 58))
        .join('')
        .trimEnd(),
    ).toBe(longLine);
    session.write('y');
    await session.waitForText('the greeting is longer now');
    expect(await readFile(path.join(sandbox.project, 'notes.js'), 'utf8')).toBe(`${longLine}\n`);
  });
});

describe('a terminal that gets narrower', () => {
  it('draws the transcript and one input box again at the new width', async () => {
    models.script(['Final Answer: The users API has **two** endpoints that fail under load; both are in src/users.js and share one handler.']);
    const session = await open(100);
    await send(session, 'what fails?');
    await session.waitForText('handler.');
    expect(inputBoxTops(session.screen())).toHaveLength(1);
    session.resize(60, 40);
    // The redraw reaches the terminal in pieces: wait for its last part, the status line below a 60-column input box.
    await session.waitForScreen(
      'an input box 60 columns wide with the status line below it',
      (screen) => inputBoxTops(screen).some((top) => top.length === 60) && lines(screen).filter((line) => /^● ready/.test(line)).length === 1,
    );
    const screen = session.screen();
    expect(inputBoxTops(screen)).toHaveLength(1);
    expect(lines(screen).filter((line) => line.startsWith('╭') || line.startsWith('─'))).toHaveLength(1);
    expect(screen).toContain('› what fails?');
    expect(screen.replace(/\s+/g, ' ')).toContain('The users API has two endpoints that fail under load; both are in src/users.js and share one handler.');
    expect(lines(screen).filter((line) => line.includes('Ask about your API'))).toHaveLength(1);
    expect(lines(screen).filter((line) => /^● ready/.test(line))).toHaveLength(1);

    // It goes on working at the new width.
    models.script(['Final Answer: still here']);
    await send(session, 'and now?');
    await session.waitForText('still here');
    expect(inputBoxTops(session.screen())).toHaveLength(1);
  });
});
