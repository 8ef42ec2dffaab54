// The session's keys through the built binary in a pseudo-terminal: /help lists every key the key
// table holds (the table the handlers read), and Ctrl-T folds and unfolds thoughts already drawn.
import { describe, expect, it } from 'vitest';
import { KEY_TABLE } from '../../src/tui/keys/key-table.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});

async function open(rows = 40): Promise<PtySession> {
  pty = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 140, rows });
  await pty.waitForText('Ask about your API');
  return pty;
}

async function send(session: PtySession, text: string): Promise<void> {
  session.write(text);
  await session.waitForText(`› ${text}`);
  session.write('\r');
}

describe('/help', () => {
  it('lists every key of the key table with what it does, section by section', async () => {
    const session = await open();
    await send(session, '/help');
    await session.waitForText('Keys: answering a question');
    // The help may reach the terminal in several writes: its last section whole, before the screen is read.
    const lastSection = Object.values(KEY_TABLE).at(-1)!;
    await session.waitForText(new RegExp(lastSection.map((binding) => `^  ${escape(binding.keys)} +${escape(binding.does)}$`).join('\n'), 'm'));
    const screen = session.screen();
    for (const [section, bindings] of Object.entries(KEY_TABLE)) {
      for (const binding of bindings)
        expect(screen, `${section}: ${binding.keys}`).toMatch(new RegExp(`^  ${escape(binding.keys)} +${escape(binding.does)}$`, 'm'));
    }
    for (const key of ['shift+tab', 'ctrl+t', 'ctrl+o', 'esc', 'ctrl+c', 'ctrl+d', '↑', '@path']) expect(screen).toMatch(new RegExp(`^  ${escape(key)} `, 'm'));
  });
});

describe('Ctrl-T', () => {
  it('folds the thoughts already on screen to their first line, and unfolds them again', async () => {
    setup.models.script([
      { text: 'Final Answer: two steps', thinking: 'First I look at the routes.\nThen I compare them with the spec.' },
      { text: 'Final Answer: and again', thinking: 'A second thought, first line.\nIts second line.' },
    ]);
    const session = await open();
    await send(session, 'plan it');
    await session.waitForText('two steps');
    await send(session, 'once more');
    await session.waitForText('and again');
    expect(session.screen()).toContain('Then I compare them with the spec.');

    session.write('\x14');
    await session.waitForText('First I look at the routes. …');
    let screen = session.screen();
    expect(screen).toContain('A second thought, first line. …');
    expect(screen).not.toContain('Then I compare them with the spec.');
    expect(screen).not.toContain('Its second line.');
    // The transcript is printed again, folded: each entry once, the answers kept.
    expect(screen.match(/two steps/g)).toHaveLength(1);
    expect(screen).toContain('and again');

    session.write('\x14');
    await session.waitForText('Then I compare them with the spec.');
    screen = session.screen();
    expect(screen).toContain('Its second line.');
    expect(screen).not.toContain('First I look at the routes. …');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
