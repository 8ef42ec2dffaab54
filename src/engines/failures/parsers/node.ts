import type { ParsedTrace, StackFrame } from '../stack-frame.js';

// `at fn (location:line:col)` and `at location:line:col`; the location may be a file:// URL.
const CALL_FRAME = /^\s*at (?:async )?(.+?) \((.+):(\d+):(\d+)\)\s*$/;
const BARE_FRAME = /^\s*at (?:async )?(\S.*?):(\d+):(\d+)\s*$/;
const ERROR_LINE = /\b((?:[A-Z]\w*)?(?:Error|Exception))(?: \[[A-Z0-9_]+\])?: (.+)$/;

/** V8 stacks (Node, Deno, Bun): the error line, then frames innermost first. */
export function parseNodeTrace(text: string): ParsedTrace | undefined {
  const lines = text.split(/\r?\n/);
  const frames: StackFrame[] = [];
  let errorType: string | undefined;
  let message: string | undefined;
  for (const line of lines) {
    const frame = readFrame(line);
    if (frame) {
      frames.push(frame);
      continue;
    }
    // The error line is the last one before the first frame (a log may print more above it).
    if (frames.length > 0) continue;
    const error = ERROR_LINE.exec(line);
    if (error) [errorType, message] = [error[1], error[2]?.trim()];
  }
  if (frames.length === 0 && !errorType) return undefined;
  return { language: 'node', frames, errorType, message };
}

function readFrame(line: string): StackFrame | undefined {
  const call = CALL_FRAME.exec(line);
  if (call) {
    // `at fn (eval at …)` and `at fn (<anonymous>)` carry no file of the project.
    if (call[2]?.includes('eval at ')) return undefined;
    return { file: call[2] as string, line: Number(call[3]), column: Number(call[4]), function: cleanName(call[1] as string), language: 'node' };
  }
  const bare = BARE_FRAME.exec(line);
  if (bare && !bare[1]?.includes(' (')) {
    return { file: bare[1] as string, line: Number(bare[2]), column: Number(bare[3]), language: 'node' };
  }
  return undefined;
}

function cleanName(name: string): string {
  return name.replace(/^new /, '').replace(/ \[as \w+\]$/, '');
}
