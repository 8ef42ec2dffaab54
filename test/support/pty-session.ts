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
  exited: Promise<{ exitCode: number; signal?: number }>;
  kill(signal?: string): void;
}

export interface PtyOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
}

/** Runs the built `falcon` binary in a real pseudo-terminal and reads its screen as a person would. */
export function startFalconInPty(args: string[], options: PtyOptions): PtySession {
  return startInPty(process.execPath, [FALCON_BIN, ...args], options);
}

/** Runs `program` (a shell, an installed `falcon`) in a real pseudo-terminal and reads its screen as a person would. */
export function startInPty(program: string, args: string[], options: PtyOptions): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const terminal = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const pty: IPty = spawn(program, args, {
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
    async waitForText(pattern, timeoutMs = 10_000) {
      const matches = () => (typeof pattern === 'string' ? screen().includes(pattern) : pattern.test(screen()));
      const deadline = Date.now() + timeoutMs;
      // xterm parses written data asynchronously; poll the rendered screen.
      while (!matches()) {
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${String(pattern)}; the screen shows:\n${screen()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
