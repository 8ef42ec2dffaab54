// Approvals in the interactive session, through the built binary in a pseudo-terminal: what "always"
// may allow is named before it is chosen, allows no more than that, is listed and removed by
// /permissions; and what was approved stays in the transcript, folded, until Ctrl-O unfolds it.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { confirmationsAsked } from '../support/session-confirmations.js';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});

const inProject = (file: string) => path.join(setup.sandbox.project, file);
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );

async function open(): Promise<PtySession> {
  pty = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 120, rows: 40 });
  await pty.waitForText('Ask about your API');
  return pty;
}

/** Types a message, waits until the input box shows it, then sends it with Enter. */
async function send(session: PtySession, text: string): Promise<void> {
  session.write(text);
  await session.waitForText(`› ${text}`);
  session.write('\r');
}

/** The screen's rows, without the borders of a panel. */
const rows = (session: PtySession) =>
  session
    .screen()
    .split('\n')
    .map((row) => row.replace(/^│ ?| *│$/g, '').trimEnd());

describe('"always" on a command', () => {
  it('names this command or its first words before the choice, allows only what was chosen, and /permissions takes it back', async () => {
    setup.models.script([
      'ACTION: bash({"command": "touch made-1"})',
      'ACTION: bash({"command": "touch made-2"})',
      'ACTION: bash({"command": "touch made-3 > listing.txt"})',
      'ACTION: bash({"command": "mkdir folder"})',
      'Final Answer: made them',
      'ACTION: bash({"command": "touch made-4"})',
      'Final Answer: made another',
    ]);
    const session = await open();
    await send(session, 'make the files');
    await session.waitForText('y yes · n no · a always… (this command / commands starting "touch")');
    // The status bar comes after the panel in the same frame, which may reach the terminal in two reads.
    await session.waitForText('y yes · n/esc no · a always…');
    session.write('a');
    await session.waitForText('1–4 always · y once · n/esc no');
    const shown = rows(session);
    expect(shown.slice(shown.indexOf('Always allow, without asking again:'), shown.indexOf('Always allow, without asking again:') + 6)).toEqual([
      'Always allow, without asking again:',
      ' 1  this command, for this session: bash(touch made-1)',
      ' 2  commands starting "touch", for this session: bash(touch *)',
      ' 3  this command, in this project: adds bash(touch made-1) to .falcon/config.yaml',
      ' 4  commands starting "touch", in this project: adds bash(touch *) to .falcon/config.yaml',
      '1–4 choose · y just this once · n no',
    ]);
    session.write('2');
    // The second touch runs unasked; a touch that redirects is not "a command starting touch" for a wildcard.
    await session.waitForText('run `touch made-3 > listing.txt`');
    session.write('n');
    await session.waitForText('run `mkdir folder`');
    session.write('y');
    await session.waitForText('made them');
    expect(session.screen()).toContain('✓ approved: run `touch made-1` (and always: commands starting "touch", for this session: bash(touch *))');
    expect([await exists('made-1'), await exists('made-2'), await exists('listing.txt'), await exists('folder')]).toEqual([true, true, false, true]);
    expect(await confirmationsAsked(setup.sandbox.project)).toBe(3);
    expect(await exists('.falcon/config.yaml')).toBe(false);

    await send(session, '/permissions');
    await session.waitForText('Remove an approval of this session? (esc keeps them all)');
    expect(session.screen()).toContain('  1. bash: commands starting "touch" (bash(touch *))');
    session.write('\r');
    await session.waitForText('Removed bash: commands starting "touch" (bash(touch *)): it is asked about again.');
    await send(session, 'one more');
    await session.waitForText('run `touch made-4`');
    session.write('y');
    await session.waitForText('made another');
    expect(await confirmationsAsked(setup.sandbox.project)).toBe(4);
  });
});

describe('"always" on a file', () => {
  it('offers this file or its folder; the folder saved in the project covers its files but never a protected one', async () => {
    setup.models.script([
      'ACTION: write_file({"path": "src/one.ts", "content": "export const one = 1;\\n"})',
      'ACTION: write_file({"path": "src/lib/two.ts", "content": "export const two = 2;\\n"})',
      'ACTION: write_file({"path": "src/falcon.md", "content": "# notes\\n"})',
      'ACTION: write_file({"path": "lib/three.ts", "content": "export const three = 3;\\n"})',
      'Final Answer: written',
    ]);
    const session = await open();
    await send(session, 'write the files');
    await session.waitForText('a always… (this file (src/one.ts) / files in src/ and its subfolders)');
    session.write('a');
    await session.waitForText(' 4  files in src/ and its subfolders, in this project: adds write_file(src/**) to .falcon/config.yaml');
    session.write('4');
    // This folder is not trusted: the rule holds for this session, and the user is told when later ones apply it.
    await session.waitForText('write_file(src/**) is saved in .falcon/config.yaml, but this folder is not trusted: later sessions apply');
    await session.waitForText('create src/falcon.md');
    expect(session.screen()).toContain('y yes · n no · asked each time (no "always" for this)');
    session.write('y');
    await session.waitForText('create lib/three.ts');
    session.write('n');
    await session.waitForText('written');
    expect(await confirmationsAsked(setup.sandbox.project)).toBe(3);
    expect([await exists('src/one.ts'), await exists('src/lib/two.ts'), await exists('src/falcon.md'), await exists('lib/three.ts')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toBe('permissions:\n  allow:\n    - write_file(src/**)\n');
  });
});

describe('what was approved', () => {
  it('stays in the transcript folded to 12 lines with the count of the rest, and Ctrl-O unfolds it and folds it again', async () => {
    const content = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\\n');
    setup.models.script([`ACTION: write_file({"path": "notes.txt", "content": "${content}\\n"})`, 'Final Answer: wrote the notes']);
    const session = await open();
    await send(session, 'write the notes');
    await session.waitForText('create notes.txt');
    session.write('y');
    await session.waitForText('wrote the notes');
    const screen = session.screen();
    const approved = screen.indexOf('✓ approved: create notes.txt');
    expect(approved).toBeGreaterThan(-1);
    const folded = screen
      .slice(approved)
      .split('\n')
      .slice(1, 14)
      .map((row) => row.trim());
    expect(folded.at(-1)).toMatch(/^… (\d+) more lines, ctrl\+o to expand$/);
    const [shownRows, hidden] = [folded.slice(0, 12), Number(/(\d+) more/.exec(folded.at(-1)!)![1])];
    expect(shownRows).toContain('+line 1');
    // The diff's header and hunk rows, then the 50 lines: all but the 12 shown are counted.
    expect(shownRows.length + hidden).toBe(shownRows.indexOf('+line 1') + 50);
    expect(screen).not.toContain('+line 50');
    expect(screen).toContain('⎿ notes.txt · new file · +50 −0');

    session.write('\x0f');
    await session.waitForText('+line 50');
    expect(session.screen()).not.toContain('ctrl+o to expand');
    expect(session.screen().match(/✓ approved: create notes\.txt/g)).toHaveLength(1);
    session.write('\x0f');
    await session.waitForText('ctrl+o to expand');
    expect(session.screen()).not.toContain('+line 50');
  });

  it('keeps an approved command, and a declined one is a line', async () => {
    setup.models.script(['ACTION: bash({"command": "touch kept"})', 'ACTION: bash({"command": "touch refused"})', 'Final Answer: one of two']);
    const session = await open();
    await send(session, 'touch both');
    await session.waitForText('run `touch kept`');
    session.write('y');
    await session.waitForText('run `touch refused`');
    session.write('n');
    await session.waitForText('one of two');
    const shown = rows(session);
    const approved = shown.indexOf('✓ approved: run `touch kept`');
    expect(shown[approved + 1]).toBe('  $ touch kept');
    const declined = shown.indexOf('✗ declined: run `touch refused`');
    expect(shown[declined + 1]).toBe('');
    // The command's result as bash tells it: its exit and time.
    expect(shown.find((row) => row.startsWith('✓ bash touch kept'))).toBeDefined();
    expect(shown[shown.findIndex((row) => row.startsWith('✓ bash touch kept')) + 1]).toMatch(/^ {2}⎿ exit 0 · [\d.]+ m?s$/);
  });
});
