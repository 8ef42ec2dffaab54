import type { ParsedTrace, StackFrame } from '../stack-frame.js';

// Rust ≥ 1.73: `thread 'main' panicked at src/users.rs:23:10:` and the message on the next line.
const PANIC_AT = /thread '[^']*' panicked at (.+?):(\d+):(\d+):\s*$/;
// Older: `thread 'main' panicked at 'message', src/users.rs:23:10`.
const PANIC_OLD = /thread '[^']*' panicked at '(.*)', (.+?):(\d+):(\d+)\s*$/;
// Backtrace: `  12: api::users::get_user` then `             at ./src/users.rs:23:10`.
const FRAME_NAME = /^\s*\d+:\s+(?:0x[0-9a-f]+ - )?(.+?)(?:::h[0-9a-f]{16})?\s*$/;
const FRAME_AT = /^\s+at (.+?):(\d+)(?::(\d+))?\s*$/;

/** Rust panics and `RUST_BACKTRACE=1` backtraces; the panic location is the innermost frame. */
export function parseRustTrace(text: string): ParsedTrace | undefined {
  const lines = text.split(/\r?\n/);
  const frames: StackFrame[] = [];
  let message: string | undefined;
  let panicked = false;
  let functionName: string | undefined;
  lines.forEach((line, index) => {
    const current = PANIC_AT.exec(line);
    const old = current ? undefined : PANIC_OLD.exec(line);
    if (current || old) {
      panicked = true;
      const [file, row, column] = current ? [current[1], current[2], current[3]] : [old?.[2], old?.[3], old?.[4]];
      message = current ? lines[index + 1]?.trim() : old?.[1];
      frames.push({ file: file as string, line: Number(row), column: Number(column), language: 'rust' });
      return;
    }
    const at = FRAME_AT.exec(line);
    if (at && functionName !== undefined) {
      frames.push({ file: at[1] as string, line: Number(at[2]), column: at[3] ? Number(at[3]) : undefined, function: functionName, language: 'rust' });
      return;
    }
    functionName = FRAME_NAME.exec(line)?.[1];
  });
  if (!panicked) return undefined;
  return { language: 'rust', frames, errorType: 'panic', message };
}
