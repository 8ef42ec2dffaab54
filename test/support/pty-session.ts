import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { spawn, type IPty } from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { FALCON_BIN } from './falcon-binary.js';
import { PATIENCE_MS } from './patience.js';

const execFileAsync = promisify(execFile);

export interface PtySession {
  /** Types into the terminal, e.g. `'y\r'`, `'\x1b[B'` (arrow down), `'\x03'` (Ctrl-C). */
  write(keys: string): void;
  /** The visible screen as text lines (trailing spaces trimmed). */
  screen(): string;
  /** Everything the program printed so far, raw. */
  output(): string;
  /** Whether the first `text` on the screen (one line, single-width characters) is drawn dim (faint), spaces aside. */
  isDim(text: string): boolean;
  waitForText(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  /** Waits until `holds(screen)` is true of the screen; `what` names it in the error when it never is. */
  waitForScreen(what: string, holds: (screen: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Resizes the terminal as a window does: the emulator rewraps what it shows, then the program gets SIGWINCH. */
  resize(cols: number, rows: number): void;
  /**
   * Resolves once the program reads the terminal key by key (raw mode, which Ink and each prompt
   * turn on once drawn). Keys typed before that are echoed by the terminal and held back until Enter.
   */
  waitUntilReadingKeys(): Promise<void>;
  /**
   * Types `text` once the program reads keys, waits until the screen shows it (the program has read
   * it), then presses Enter in a read of its own: with the text in one read it would be a paste.
   */
  submit(text: string): Promise<void>;
  /** Presses `keys` (an arrow, Shift+Tab…) once the program reads keys; the caller waits for what they do. */
  press(keys: string): Promise<void>;
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

  /** Polls until `condition` holds: xterm parses what it is given asynchronously, and the program takes its time. */
  const waitFor = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = PATIENCE_MS) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${await terminalMode()}); the screen shows:\n${screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  // Said in a timeout: a key typed while the program had the terminal in line mode is held back or changed (Enter as \n).
  const terminalMode = () =>
    readsKeys(pty).then(
      (raw) => (raw ? 'the terminal is in raw mode' : 'the terminal is in line mode, not raw'),
      () => 'the terminal mode could not be read',
    );

  const isDim = (text: string) => {
    const buffer = terminal.buffer.active;
    for (let i = 0; i < buffer.length; i++) {
      const line = buffer.getLine(i);
      const at = line?.translateToString(true).indexOf(text) ?? -1;
      if (line && at >= 0) return [...text].every((char, offset) => char === ' ' || line.getCell(at + offset)?.isDim() !== 0);
    }
    return false;
  };

  const session: PtySession = {
    write: (keys) => pty.write(keys),
    screen,
    output: () => raw,
    isDim,
    exited,
    kill: (signal) => pty.kill(signal),
    waitForText: (pattern, timeoutMs) =>
      waitFor(() => (typeof pattern === 'string' ? screen().includes(pattern) : pattern.test(screen())), String(pattern), timeoutMs),
    waitForScreen: (what, holds, timeoutMs) => waitFor(() => holds(screen()), what, timeoutMs),
    resize(newCols, newRows) {
      terminal.resize(newCols, newRows);
      pty.resize(newCols, newRows);
    },
    waitUntilReadingKeys: () => waitFor(() => readsKeys(pty), 'the program to read keys'),
    async submit(text) {
      await session.waitUntilReadingKeys();
      const tail = text.split('\n').at(-1)!.slice(-12);
      const shown = () => screen().split(tail).length - 1;
      const before = shown();
      pty.write(text);
      await waitFor(() => shown() > before, `${JSON.stringify(tail)} on the screen`);
      pty.write('\r');
    },
    async press(keys) {
      await session.waitUntilReadingKeys();
      pty.write(keys);
    },
  };
  return session;
}

/**
 * Whether the program in the pseudo-terminal reads it key by key: raw mode, as `stty` reads it from
 * the terminal's device (no line editing, `-icanon`). Before that, keys are echoed and held back.
 */
export async function readsKeys(pty: IPty): Promise<boolean> {
  const device = (pty as IPty & { ptsName?: string }).ptsName;
  if (!device) throw new Error('no pseudo-terminal device to read the mode of');
  const { stdout } = await execFileAsync('stty', ['-F', device, '-a']);
  return /(^|[\s;])-icanon([\s;]|$)/.test(stdout);
}
