import type { ParsedTrace, StackFrame } from '../stack-frame.js';

// `app/controllers/users_controller.rb:12:in `show'` (Ruby ≤ 3.3) or `…:in 'UsersController#show'` (3.4).
const FRAME = /((?:[A-Za-z]:)?[^\s:'"`()]+\.(?:rb|erb|haml|slim|rake)):(\d+):in [`'](.+?)'/;
// The first line of an uncaught error: `…:in `show': undefined method `name' for nil (NoMethodError)`.
const INLINE_ERROR = /:in [`'].+?': (.+) \(([A-Z][\w:]*)\)\s*$/;
// Rails' log: `NoMethodError (undefined method `name' for nil):`.
const RAILS_ERROR = /^\s*([A-Z]\w*(?:::[A-Z]\w*)*) \((.+)\):?\s*$/;

/** Ruby backtraces (`from …` lines) and Rails' logged errors, innermost first as printed. */
export function parseRubyTrace(text: string): ParsedTrace | undefined {
  const frames: StackFrame[] = [];
  let errorType: string | undefined;
  let message: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const frame = FRAME.exec(line);
    if (frame) {
      frames.push({ file: frame[1] as string, line: Number(frame[2]), function: frame[3], language: 'ruby' });
      const inline = errorType ? undefined : INLINE_ERROR.exec(line);
      if (inline) [message, errorType] = [inline[1], inline[2]];
      continue;
    }
    const logged = errorType || frames.length > 0 ? undefined : RAILS_ERROR.exec(line);
    if (logged) [errorType, message] = [logged[1], logged[2]];
  }
  if (frames.length === 0) return undefined;
  return { language: 'ruby', frames, errorType, message };
}
