// A command of 80 lines asked about in a 40-row terminal: the confirmation panel keeps to its
// height (title on one row, the command scrolling inside), so Ink never outgrows the screen.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

const ROWS = 40;
/** What the session gives the panel in a terminal of ROWS rows (see RESERVED_ROWS in session-view.tsx). */
const PANEL_ROWS = ROWS - 8 - 3;

let falcon: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    falcon?.kill();
    falcon = undefined;
  },
});

describe('the confirmation panel in a short terminal', () => {
  it('fits a command of 80 lines in the terminal: one title row, the command scrolling', async () => {
    const command = ['touch ran-it', ...Array.from({ length: 79 }, (_, i) => `echo line ${i + 2}`)].join('\n');
    project.models.script([`ACTION: bash(${JSON.stringify({ command })})`, 'Final Answer: ran all 80 lines']);
    falcon = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 100, rows: ROWS });
    await falcon.waitForText('Ask about your API');
    await falcon.submit('run the long script');
    await falcon.waitForText('y yes · n no');
    // The status bar is drawn in the same frame or the next one: read the screen once it has come.
    await falcon.waitForText(/◆ waiting for you/);

    const lines = falcon.screen().split('\n');
    const top = lines.findIndex((line, index) => line.startsWith('╭') && lines[index + 1]?.startsWith('│ run `'));
    const bottom = lines.findIndex((line, index) => index > top && line.startsWith('╰'));
    expect(top).toBeGreaterThanOrEqual(0);
    expect(lines[top + 1]).toMatch(/^│ run `touch ran-it⏎echo line 2⏎echo line 3⏎.*…\s*│$/);
    expect(lines[top + 2]).toMatch(/^│ \$ touch ran-it\s*│$/);
    expect(bottom - top + 1).toBeLessThanOrEqual(PANEL_ROWS);
    expect(lines[bottom - 1]).toMatch(/lines 1–\d+ of 81/);
    // Panel, input box and status bar are all on the screen, and Ink never had to clear it.
    expect(lines.length - top).toBeLessThanOrEqual(ROWS);
    expect(lines.slice(-2).join('\n')).toMatch(/◆ waiting for you/);
    expect(falcon.output()).not.toContain('\u001b[3J');

    falcon.write('y');
    await falcon.waitForText('ran all 80 lines');
    expect(existsSync(path.join(project.sandbox.project, 'ran-it'))).toBe(true);
    expect(falcon.screen()).toMatch(/✓ approved: run `touch ran-it⏎echo line 2⏎.*…$/m);
  });
});
