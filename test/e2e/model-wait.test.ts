// A model that goes quiet mid-reply: the TUI's status line counts the seconds, and `falcon -p` on a
// terminal says so on stderr every 15 s.
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let falcon: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    falcon?.kill();
    falcon = undefined;
  },
});

/** Sends "Final Answer: " at once, then nothing for `pauseMs`, then the rest (two chunks of 14 characters). */
function scriptPause(pauseMs: number): void {
  project.models.script([{ text: 'Final Answer: after a pause!', chunkSize: 'Final Answer: '.length, chunkDelayMs: pauseMs }]);
}

describe('a model that sends nothing for a while', () => {
  it('makes the status line say how long Falcon has been waiting for it', async () => {
    scriptPause(12_000); // room for a later count than 5 s on a busy machine
    falcon = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 100, rows: 30 });
    await falcon.waitForText('Ask about your API');
    falcon.write('go on');
    await new Promise((resolve) => setTimeout(resolve, 100));
    falcon.write('\r');
    // A busy machine may draw 5 s late, or skip it: any count from 5 s on, then a later one.
    const COUNT = /waiting for the model \((\d+) s\)/;
    await falcon.waitForText(/waiting for the model \(([5-9]|1[01]) s\)/, 8000);
    const first = Number(COUNT.exec(falcon.screen())![1]);
    const later = new RegExp(`waiting for the model \\((?!${first} s)(?:[6-9]|1[01]) s\\)`);
    await falcon.waitForText(later, 7000);
    await falcon.waitForText('after a pause!', 8000);
    expect(falcon.screen()).not.toContain('waiting for the model');
  });

  it('makes falcon -p on a terminal say so on stderr every 15 s', async () => {
    scriptPause(17_000);
    falcon = startFalconInPty(['-p', 'go on'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    await falcon.waitForText('… waiting for the model (15 s)', 25_000);
    expect((await falcon.exited).exitCode).toBe(0);
    const screen = falcon.screen();
    expect(screen).toContain('after a pause!');
    expect(screen.match(/waiting for the model/g)).toHaveLength(1);
  }, 40_000);
});
