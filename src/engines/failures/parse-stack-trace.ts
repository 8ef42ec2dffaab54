import { parseDotnetTrace } from './parsers/dotnet.js';
import { parseGoTrace } from './parsers/go.js';
import { parseJavaTrace } from './parsers/java.js';
import { parseNodeTrace } from './parsers/node.js';
import { parsePythonTrace } from './parsers/python.js';
import { parseRubyTrace } from './parsers/ruby.js';
import { parseRustTrace } from './parsers/rust.js';
import type { ParsedTrace, TraceParser } from './stack-frame.js';

const PARSERS: readonly TraceParser[] = [parsePythonTrace, parseNodeTrace, parseGoTrace, parseJavaTrace, parseRubyTrace, parseRustTrace, parseDotnetTrace];

/**
 * The stack trace in a text (a response body, a log excerpt), read by whichever language's
 * parser explains most of it: the most frames, then a recognised error.
 */
export function parseStackTrace(text: string): ParsedTrace | undefined {
  let best: ParsedTrace | undefined;
  for (const parse of PARSERS) {
    const trace = parse(text);
    if (trace && (!best || score(trace) > score(best))) best = trace;
  }
  return best && { ...best, frames: withoutRepeats(best) };
}

function score(trace: ParsedTrace): number {
  return trace.frames.length * 2 + (trace.errorType ? 1 : 0);
}

/** A location printed twice in a row (Rust's panic line and its first backtrace frame) counts once. */
function withoutRepeats(trace: ParsedTrace): ParsedTrace['frames'] {
  return trace.frames.filter((frame, index) => {
    const previous = trace.frames[index - 1];
    return !previous || previous.file !== frame.file || previous.line !== frame.line;
  });
}
