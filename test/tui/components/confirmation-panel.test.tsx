import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import type { AlwaysChoice } from '../../../src/agent/approval/permissions/always-choices.js';
import type { AlwaysPick } from '../../../src/tui/components/always-options.js';
import type { Preview } from '../../../src/kit/tool/preview.js';
import { ConfirmationPanel } from '../../../src/tui/components/confirmation-panel.js';
import { withKeys } from '../with-keys.js';
import { drawn, typed } from '../react-act.js';
import { BOLD, CYAN, GREEN, RED, stripAnsi, useColourLevel } from './terminal-output.js';

const KEYS = { up: '\u001b[A', down: '\u001b[B', pageUp: '\u001b[5~', pageDown: '\u001b[6~', escape: '\u001b' };

const SMALL_DIFF = [
  'Index: src/app.ts',
  '===================================================================',
  '--- src/app.ts',
  '+++ src/app.ts',
  '@@ -1,3 +1,3 @@',
  ' import express from "express";',
  '-const limit = 10;',
  '+const limit = 64;',
  ' export default limit;',
].join('\n');

function longDiff(lines: number): string {
  const body = Array.from({ length: lines - 1 }, (_, i) => `+line ${i + 1}`);
  return ['@@ -0,0 +1,99 @@', ...body].join('\n');
}

async function showPanel(preview: Preview, height = 20) {
  const onAnswer = vi.fn<(approved: boolean, always: AlwaysPick | false) => void>();
  const confirmation = { id: 'c1', tool: 'edit_file', title: 'Fix the name limit', preview, always: [] };
  const rendered = drawn(() => render(withKeys(<ConfirmationPanel confirmation={confirmation} width={60} height={height} onAnswer={onAnswer} />)));
  return {
    onAnswer,
    frame: () => rendered.lastFrame() ?? '',
    text: () => stripAnsi(rendered.lastFrame()),
    async press(...keys: string[]) {
      for (const key of keys) await typed(rendered.stdin, key);
    },
  };
}

describe('ConfirmationPanel', () => {
  useColourLevel(1);

  it('shows the title on one row, and the diff in colour', async () => {
    const panel = await showPanel({ kind: 'diff', path: 'src/app.ts', diff: SMALL_DIFF, isNew: false });
    const text = panel.text();
    expect(text.split('\n')[1]).toMatch(/^│ Fix the name limit\s*│$/);
    expect(text.split('\n')[2]).toMatch(/^│ Index: src\/app\.ts\s*│$/);
    expect(text).toContain('-const limit = 10;');
    expect(text).toContain('+const limit = 64;');
    expect(text).toMatch(/╭─+╮/);
    expect(text).not.toContain('lines 1');
    const frame = panel.frame();
    expect(frame).toContain(`${GREEN}+const limit = 64;`);
    expect(frame).toContain(`${RED}-const limit = 10;`);
    expect(frame).toContain(`${CYAN}@@ -1,3 +1,3 @@`);
    expect(frame).toContain(`${BOLD}--- src/app.ts`);
  });

  it('shows a command after $', async () => {
    const command = await showPanel({ kind: 'command', command: 'npm test -- users', cwd: '/work/api' });
    expect(command.text()).toContain('$ npm test -- users');
    expect(command.text()).toContain('in /work/api');
  });

  it.each([
    ['y', true],
    ['n', false],
    [KEYS.escape, false],
  ])('answers %j with (%s, false), once', async (key, approved) => {
    const panel = await showPanel({ kind: 'command', command: 'npm test' });
    await panel.press(key, 'y');
    expect(panel.onAnswer).toHaveBeenCalledTimes(1);
    expect(panel.onAnswer).toHaveBeenCalledWith(approved, false);
  });

  it('says a confirmation that offers no "always" is asked each time, and a does nothing there', async () => {
    const panel = await showPanel({ kind: 'info', title: 'load test', details: 'closed model' });
    expect(panel.text()).toContain('y yes · n no · asked each time (no "always" for this)');
    await panel.press('a', '1');
    expect(panel.onAnswer).not.toHaveBeenCalled();
  });

  describe('"always"', () => {
    const choices: AlwaysChoice[] = [
      { label: 'this command', rules: ['bash(npm test -- users)'] },
      { label: 'commands starting "npm test"', rules: ['bash(npm test *)'] },
    ];
    function showChoice(choosingAlways: boolean) {
      const onAnswer = vi.fn<(approved: boolean, always: AlwaysPick | false) => void>();
      const onChooseAlways = vi.fn<() => void>();
      const confirmation = {
        id: 'c1',
        tool: 'bash',
        title: 'run `npm test -- users`',
        preview: { kind: 'command' as const, command: 'npm test -- users' },
        always: choices,
      };
      const panel = (
        <ConfirmationPanel
          confirmation={confirmation}
          width={110}
          height={14}
          choosingAlways={choosingAlways}
          onChooseAlways={onChooseAlways}
          onAnswer={onAnswer}
        />
      );
      const rendered = drawn(() => render(withKeys(panel)));
      return { rendered, onAnswer, onChooseAlways, text: () => stripAnsi(rendered.lastFrame()) };
    }

    it('names what it would allow before a, then lists each choice for the session and the project, with the rules', async () => {
      const asking = showChoice(false);
      expect(asking.text()).toContain('y yes · n no · a always… (this command / commands starting "npm test")');
      await typed(asking.rendered.stdin, 'a');
      expect(asking.onChooseAlways).toHaveBeenCalledTimes(1);
      expect(asking.onAnswer).not.toHaveBeenCalled();
      asking.rendered.unmount();

      const choosing = showChoice(true);
      const rows = choosing
        .text()
        .split('\n')
        .map((row) => row.replace(/^│ | *│$/g, ''));
      expect(rows.slice(rows.indexOf('Always allow, without asking again:'), -1)).toEqual([
        'Always allow, without asking again:',
        ' 1  this command, for this session: bash(npm test -- users)',
        ' 2  commands starting "npm test", for this session: bash(npm test *)',
        ' 3  this command, in this project: adds bash(npm test -- users) to .falcon/config.yaml',
        ' 4  commands starting "npm test", in this project: adds bash(npm test *) to .falcon/config.yaml',
        '1–4 choose · y just this once · n no',
      ]);
      await typed(choosing.rendered.stdin, 'a');
      await typed(choosing.rendered.stdin, '4');
      expect(choosing.onAnswer).toHaveBeenCalledTimes(1);
      expect(choosing.onAnswer).toHaveBeenCalledWith(true, { scope: 'project', choice: 1 });
      choosing.rendered.unmount();
    });

    it('takes a listed number, and y, n or Esc still answer as before; a number not listed means nothing', async () => {
      const cases = [
        ['2', true, { scope: 'session', choice: 1 }],
        ['y', true, false],
        ['n', false, false],
        [KEYS.escape, false, false],
      ] as const;
      for (const [key, approved, always] of cases) {
        const choosing = showChoice(true);
        await typed(choosing.rendered.stdin, '5');
        expect(choosing.onAnswer).not.toHaveBeenCalled();
        await typed(choosing.rendered.stdin, key);
        expect(choosing.onAnswer).toHaveBeenCalledWith(approved, always);
        choosing.rendered.unmount();
      }
    });
  });

  it('scrolls a long diff with the arrows and the page keys, within its height', async () => {
    const panel = await showPanel({ kind: 'diff', path: 'src/big.ts', diff: longDiff(100), isNew: true }, 25);
    expect(panel.text()).toContain('lines 1–21 of 100');
    expect(panel.text().split('\n')).toHaveLength(25);
    await panel.press(KEYS.down);
    expect(panel.text()).toContain('lines 2–22 of 100');
    expect(panel.text()).not.toContain('@@');
    await panel.press(KEYS.pageDown);
    expect(panel.text()).toContain('lines 23–43 of 100');
    expect(panel.text()).toContain('+line 22');
    await panel.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    expect(panel.text()).toContain('lines 80–100 of 100');
    await panel.press(KEYS.pageUp, KEYS.up);
    expect(panel.text()).toContain('lines 58–78 of 100');
    expect(panel.onAnswer).not.toHaveBeenCalled();
  });

  it('keeps a command of 80 lines within its height: the title on one row, the body scrolling', async () => {
    const command = Array.from({ length: 80 }, (_, i) => `echo line ${i + 1}`).join('\n');
    const confirmation = {
      id: 'c1',
      tool: 'bash',
      title: `run \`${command}\``,
      preview: { kind: 'info' as const, title: `two\nlines`, details: command },
      always: [],
    };
    const rendered = drawn(() => render(withKeys(<ConfirmationPanel confirmation={confirmation} width={60} height={20} onAnswer={() => {}} />)));
    const lines = stripAnsi(rendered.lastFrame()).split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[1]).toMatch(/^│ run `echo line 1⏎echo line 2⏎echo line 3⏎.*…\s*│$/);
    expect(lines[2]).toMatch(/^│ echo line 1\s*│$/);
    expect(lines.at(-2)).toContain('lines 1–16 of 80');
    rendered.unmount();
  });
});
