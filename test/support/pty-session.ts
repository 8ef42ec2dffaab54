import { spawn, type IPty } from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { FALCON_BIN } from './falcon-binary.js';

export interface PtySession {
  /** Types into the terminal, e.g. `'y\r'`, `'\x1b[B'` (arrow down), `'\x03'` (Ctrl-C). */
  write(keys: string): void;
  /** The visible screen as text lines (trailing spaces trimmed). */
  screen(): string;
  /** Everything the program printed so far, raw. */
  output(): string;
  waitForText(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  /** Waits until `holds(screen)` is true of the screen; `what` names it in the error when it never is. */
  waitForScreen(what: string, holds: (screen: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Resizes the terminal as a window does: the emulator rewraps what it shows, then the program gets SIGWINCH. */
  resize(cols: number, rows: number): void;
  exited: Promise<{ exitCode: number; signal?: number }>;
  kill(signal?: string): void;
}

/** Runs the built `falcon` binary in a real pseudo-terminal and reads its screen as a person would. */
export function startFalconInPty(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; cols?: number; rows?: number },
): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const terminal = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const pty: IPty = spawn(process.execPath, [FALCON_BIN, ...args], {
    cwd: options.cwd,
    env: { TERM: 'xterm-256color', ...options.env } as Record<string, string>,
    cols,
    rows,
  });
  let raw = '';
  pty.onData((data) => {
    raw += data;
    terminal.write(data);
  });
  // xterm parses what it is given asynchronously: `exited` waits until all the program printed is on
  // the screen (the output read with its exit, then a write callback), so a test can read it at once.
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) =>
    pty.onExit((result) => setImmediate(() => terminal.write('', () => resolve(result)))),
  );

  const screen = () => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return lines.join('\n').replace(/\n+$/, '');
  };

  return {
    write: (keys) => pty.write(keys),
    screen,
    output: () => raw,
    exited,
    kill: (signal) => pty.kill(signal),
    waitForText(pattern, timeoutMs) {
      const matches = (text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
      return waitForScreen(String(pattern), matches, timeoutMs);
    },
    waitForScreen,
    resize(newCols, newRows) {
      terminal.resize(newCols, newRows);
      pty.resize(newCols, newRows);
    },
  };

  async function waitForScreen(what: string, holds: (screen: string) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // xterm parses written data asynchronously; poll the rendered screen.
    while (!holds(screen())) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; the screen shows:\n${screen()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
