import { type ParsedTrace, type StackFrame, describeError } from '../stack-frame.js';

// `   at Api.Controllers.UsersController.Get(Int32 id) in C:\src\Api\Controllers\UsersController.cs:line 27`
const FRAME = /^\s*at (.+?)\(.*\) in (.+?):line (\d+)\s*$/;
// `System.NullReferenceException: Object reference …`, also after `Unhandled exception. `.
const HEADER = /^\s*(?:Unhandled exception\. )?((?:[A-Z]\w*\.)+[A-Z]\w*(?:Exception|Error))(?::\s?(.*))?$/;

/** .NET exception text: the innermost exception (the last ` ---> `) is the root cause. */
export function parseDotnetTrace(text: string): ParsedTrace | undefined {
  const frames: StackFrame[] = [];
  const errors: Array<{ type: string; message?: string }> = [];
  for (const line of text.split(/\r?\n/)) {
    const frame = FRAME.exec(line);
    if (frame) {
      frames.push({ file: frame[2] as string, line: Number(frame[3]), function: frame[1], language: 'dotnet' });
      continue;
    }
    if (frames.length > 0) continue;
    // One line may hold the whole chain: `Outer: msg ---> Inner: msg`.
    for (const part of line.split(' ---> ')) {
      const header = HEADER.exec(part);
      if (header) errors.push({ type: header[1] as string, message: header[2]?.trim() || undefined });
    }
  }
  const root = errors.at(-1);
  if (frames.length === 0 && !root) return undefined;
  const outer = errors[0];
  return {
    language: 'dotnet',
    frames,
    errorType: root?.type,
    message: root?.message,
    wrappedBy: outer && outer !== root ? describeError(outer.type, outer.message) : undefined,
  };
}
