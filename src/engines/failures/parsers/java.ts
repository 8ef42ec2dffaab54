import { type ParsedTrace, type StackFrame, describeError } from '../stack-frame.js';

// `at com.acme.users.UserService.find(UserService.java:42)`, with an optional `java.base/` module prefix.
const FRAME = /^\s*at (?:[\w.$-]+(?:@[\w.-]+)?\/)?([\w.$<>]+)\.([\w$<>-]+)\(([\w$.-]+\.(?:java|kt|scala|groovy)):(\d+)\)/;
// `java.lang.IllegalStateException: msg`, `Caused by: …`, `Exception in thread "main" …`.
const HEADER = /^\s*(Caused by: |Exception in thread "[^"]*" )?((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable|Failure))(?::\s?(.*))?$/;

interface Block {
  errorType?: string;
  message?: string;
  frames: StackFrame[];
}

/** JVM traces (Java, Kotlin, Scala): the root cause is the last `Caused by:`, its frames innermost. */
export function parseJavaTrace(text: string): ParsedTrace | undefined {
  const blocks: Block[] = [];
  for (const line of text.split(/\r?\n/)) {
    const header = HEADER.exec(line);
    if (header) {
      blocks.push({ errorType: header[2], message: header[3]?.trim() || undefined, frames: [] });
      continue;
    }
    const frame = FRAME.exec(line);
    if (!frame) continue;
    if (blocks.length === 0) blocks.push({ frames: [] });
    (blocks.at(-1) as Block).frames.push(toFrame(frame[1] as string, frame[2] as string, frame[3] as string, Number(frame[4])));
  }
  const root = blocks.at(-1);
  const outer = blocks[0];
  if (!root) return undefined;
  return {
    language: 'java',
    frames: [...blocks].reverse().flatMap((block) => block.frames),
    errorType: root.errorType,
    message: root.message,
    wrappedBy: outer !== root ? describeError(outer?.errorType, outer?.message) : undefined,
  };
}

/** The file as a source path: the class's package folders plus the file name the frame gives. */
function toFrame(className: string, method: string, fileName: string, line: number): StackFrame {
  const packageParts: string[] = [];
  for (const part of className.split('.')) {
    if (/^[A-Z]/.test(part)) break;
    packageParts.push(part);
  }
  return {
    file: [...packageParts, fileName].join('/'),
    line,
    function: `${className}.${method}`,
    language: 'java',
  };
}
