import { type ParsedTrace, type StackFrame, describeError } from '../stack-frame.js';

const FRAME = /^\s*File "(.+?)", line (\d+)(?:, in (.+?))?\s*$/;
const HEADER = /^\s*Traceback \(most recent call last\):\s*$/;
// The exception line is the first line at the left margin after the frames: `KeyError: 'id'`, `StopIteration`.
const EXCEPTION = /^([A-Za-z_][\w.]*)(?::\s?(.*))?$/;

interface Section {
  frames: StackFrame[];
  errorType?: string;
  message?: string;
}

/**
 * Python tracebacks print the outermost call first; a chained exception prints the original
 * cause first and the exception that surfaced last. The root cause is what needs fixing.
 */
export function parsePythonTrace(text: string): ParsedTrace | undefined {
  const sections = readSections(text.split(/\r?\n/));
  const withFrames = sections.filter((section) => section.frames.length > 0);
  // A debug page shows the frames once more without the exception line; the sections with one count.
  const explained = withFrames.filter((section) => section.errorType);
  const root = explained[0] ?? withFrames[0];
  if (!root) return undefined;
  const last = explained.at(-1) ?? root;
  return {
    language: 'python',
    frames: [root, ...withFrames.filter((section) => section !== root)].flatMap((section) => [...section.frames].reverse()),
    errorType: root.errorType,
    message: root.message,
    wrappedBy: last !== root ? describeError(last.errorType, last.message) : undefined,
  };
}

function readSections(lines: string[]): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  let awaitingException = false;
  for (const line of lines) {
    if (HEADER.test(line)) {
      current = { frames: [] };
      sections.push(current);
      awaitingException = false;
      continue;
    }
    const frame = FRAME.exec(line);
    if (frame) {
      if (!current) sections.push((current = { frames: [] }));
      current.frames.push({ file: frame[1] as string, line: Number(frame[2]), function: frame[3], language: 'python' });
      awaitingException = true;
      continue;
    }
    // Code lines and `^^^^` markers under a frame are indented; the exception line is not.
    if (!awaitingException || !current || /^\s/.test(line) || line.trim() === '') continue;
    const exception = EXCEPTION.exec(line.trim());
    if (exception) {
      current.errorType = exception[1];
      current.message = exception[2]?.trim() || undefined;
    }
    awaitingException = false;
  }
  return sections;
}
