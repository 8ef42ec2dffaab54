import { type IPty, spawn as spawnPty } from '@lydell/node-pty';
import { describe, expect, it } from 'vitest';
import { killRunning, runningWithCommandLine, uniqueSleep } from '../support/processes-by-command-line.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { FALCON_BIN, startFalcon } from '../support/falcon-binary.js';
import { readsKeys } from '../support/pty-session.js';
import { requirePlatform } from '../support/required-tools.js';

let started: string[] = [];
const stopAfterTest: (() => void)[] = [];
const project = useFakeModelProject({
  afterEach: () => {
    for (const stop of stopAfterTest.splice(0)) stop();
    killRunning(started);
    started = [];
  },
});

/**
 * A command that leaves the process group at once (`setsid … &`) and then runs in the foreground;
 * both `sleep`s are this test's own, so that finding one alive means Falcon left it running.
 */
function scriptEscapingCommand(): { escaped: string; foreground: string } {
  const escaped = uniqueSleep(305);
  const foreground = uniqueSleep(300);
  started.push(escaped, foreground);
  const command = `setsid ${escaped} & echo started; ${foreground}`;
  project.models.script([`ACTION: bash(${JSON.stringify({ command })})`, 'Final Answer: never reached']);
  return { escaped, foreground };
}

const bothRunning = (sleeps: { escaped: string; foreground: string }) =>
  runningWithCommandLine(sleeps.escaped).length + runningWithCommandLine(sleeps.foreground).length;

describe('falcon -p ending on a signal while bash runs a command', requirePlatform('linux', 'reads /proc and Linux process groups'), () => {
  it.each([
    { signal: 'SIGHUP' as const, code: 129 },
    { signal: 'SIGTERM' as const, code: 143 },
  ])('$signal: stops every process the command started, then exits $code', async ({ signal, code }) => {
    const sleeps = scriptEscapingCommand();
    const falcon = startFalcon(['-p', 'run it', '--yes', '--output-format', 'stream-json'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    stopAfterTest.push(() => falcon.child.kill('SIGKILL'));
    falcon.child.stdin!.end();
    await expect.poll(() => bothRunning(sleeps)).toBe(2);
    falcon.child.kill(signal);
    const outcome = await falcon.result;
    expect(outcome.code).toBe(code);
    expect(bothRunning(sleeps)).toBe(0);
    const events = outcome.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'cancelled' });
  });

  it('SIGKILL, which Falcon cannot catch: what the command started is stopped all the same', async () => {
    const sleeps = scriptEscapingCommand();
    const falcon = startFalcon(['-p', 'run it', '--yes'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    stopAfterTest.push(() => falcon.child.kill('SIGKILL'));
    falcon.child.stdin!.end();
    await expect.poll(() => bothRunning(sleeps)).toBe(2);
    falcon.child.kill('SIGKILL');
    expect((await falcon.result).signal).toBe('SIGKILL');
    // The guardian notices at once; on a busy machine its shell may take a while to run.
    await expect.poll(() => bothRunning(sleeps)).toBe(0);
  });
});

describe('the interactive session ending while bash runs a command', requirePlatform('linux', 'reads /proc and Linux process groups'), () => {
  /** Opens the session in a pseudo-terminal, sends a task and approves the command the model asks to run. */
  async function runApprovedCommand(sleeps: { foreground: string }) {
    const terminal = spawnPty(process.execPath, [FALCON_BIN], {
      cwd: project.sandbox.project,
      env: { TERM: 'xterm-256color', ...project.sandbox.env() } as Record<string, string>,
      cols: 100,
      rows: 30,
    });
    stopAfterTest.push(() => terminal.kill('SIGKILL'));
    let screen = '';
    terminal.onData((data) => (screen += data));
    const exited = new Promise<{ exitCode: number }>((resolve) => terminal.onExit(resolve));
    await expect.poll(() => screen).toContain('Ask about your API');
    // Typed once the session reads keys, Enter once it has drawn them: one read would be a paste.
    await expect.poll(() => readsKeys(terminal)).toBe(true);
    terminal.write('run it');
    await expect.poll(() => screen).toContain('run it');
    terminal.write('\r');
    await expect.poll(() => screen).toContain(sleeps.foreground);
    await expect.poll(() => screen).toContain('y yes');
    terminal.write('y');
    return { terminal, exited };
  }

  it('a closed terminal (SIGHUP, then every write fails): stops every process the command started, then exits 129', async () => {
    const sleeps = scriptEscapingCommand();
    const { terminal, exited } = await runApprovedCommand(sleeps);
    await expect.poll(() => bothRunning(sleeps)).toBe(2);
    // Closes the terminal's side of the pseudo-terminal and sends SIGHUP, as a closed window does.
    (terminal as IPty & { destroy(): void }).destroy();
    expect((await exited).exitCode).toBe(129);
    expect(bothRunning(sleeps)).toBe(0);
  });

  it('SIGTERM: stops every process the command started, then exits 143', async () => {
    const sleeps = scriptEscapingCommand();
    const { terminal, exited } = await runApprovedCommand(sleeps);
    await expect.poll(() => bothRunning(sleeps)).toBe(2);
    terminal.kill('SIGTERM');
    expect((await exited).exitCode).toBe(143);
    expect(bothRunning(sleeps)).toBe(0);
  });
});
