import type { ParsedTrace, StackFrame } from '../stack-frame.js';

// `\t/app/handlers/users.go:23 +0x1d` (runtime traces) or `/app/handlers/users.go:23 (0x4f1a2b)` (gin's recovery).
const LOCATION = /^\s*((?:[A-Za-z]:)?[^\s:]*\.go):(\d+)(?:\s+\+0x[0-9a-f]+|\s+\(0x[0-9a-f]+\))?\s*$/;
// `main.getUser(...)`, `github.com/acme/api/handlers.(*Server).Get(0xc000010000)`.
const FUNCTION = /^(?:created by )?([\w./*()$-]+?)(?:\([^()]*\))?(?: in goroutine \d+)?\s*$/;
// gin's recovery prints the function after the location: `\tgetUser: return users[id]`.
const GIN_FUNCTION = /^\t([\w.*()]+): /;
const PANIC = /(?:^|\s)(?:panic|fatal error|http: panic serving \S+):\s+(.+)$/;
const GIN_PANIC = /panic recovered:\s*$/;

/** Go panics, runtime traces (`goroutine 1 [running]:`) and gin's recovery output. */
export function parseGoTrace(text: string): ParsedTrace | undefined {
  const lines = text.split(/\r?\n/);
  const frames: StackFrame[] = [];
  let panic: string | undefined;
  lines.forEach((line, index) => {
    const location = LOCATION.exec(line);
    if (location) {
      frames.push({
        file: location[1] as string,
        line: Number(location[2]),
        function: functionAround(lines, index),
        language: 'go',
      });
      return;
    }
    if (panic !== undefined) return;
    const found = PANIC.exec(line);
    if (found) panic = found[1]?.trim();
    else if (GIN_PANIC.test(line)) panic = lines[index + 1]?.trim();
  });
  if (frames.length === 0 && panic === undefined) return undefined;
  const runtime = /^runtime error: (.*)$/.exec(panic ?? '');
  return {
    language: 'go',
    frames,
    errorType: runtime ? 'runtime error' : 'panic',
    message: runtime ? runtime[1] : panic,
  };
}

function functionAround(lines: string[], index: number): string | undefined {
  const before = lines[index - 1] ?? '';
  if (!/^\s/.test(before) && !LOCATION.test(before)) {
    const name = FUNCTION.exec(before.trim())?.[1];
    if (name && name.includes('.')) return name;
  }
  return GIN_FUNCTION.exec(lines[index + 1] ?? '')?.[1];
}
