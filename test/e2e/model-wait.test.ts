// A model that goes quiet mid-reply: the TUI's status line counts the seconds, and `falcon -p` on a
// terminal says so on stderr every 15 s.
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { until } from '../support/patience.js';
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

// What is drawn depends on seconds going by in the binary, which a test cannot fake: the pauses are
// long enough for what the test waits for to come well before they end, however busy the machine.
describe('a model that sends nothing for a while', () => {
  it('makes the status line say how long Falcon has been waiting for it', async () => {
    scriptPause(20_000);
    falcon = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 100, rows: 30 });
    await falcon.waitForText('Ask about your API');
    await falcon.submit('go on');
    // Nothing for the first 5 s; then a count, and a later one.
    const COUNT = /waiting for the model \((\d+) s\)/;
    const count = () => Number(COUNT.exec(falcon!.screen())?.[1] ?? 0);
    await falcon.waitForText(COUNT);
    const first = count();
    expect(first).toBeGreaterThanOrEqual(5);
    await until(() => count() > first, 'a later count');
    await falcon.waitForText('after a pause!', 30_000);
    expect(falcon.screen()).not.toContain('waiting for the model');
  }, 90_000);

  it('makes falcon -p on a terminal say so on stderr every 15 s', async () => {
    scriptPause(25_000);
    falcon = startFalconInPty(['-p', 'go on'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    await falcon.waitForText('… waiting for the model (15 s)', 40_000);
    expect((await falcon.exited).exitCode).toBe(0);
    const screen = falcon.screen();
    expect(screen).toContain('after a pause!');
    expect(screen.match(/waiting for the model/g)).toHaveLength(1);
  }, 90_000);
});
