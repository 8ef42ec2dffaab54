import { focusCode, readCodeExcerpt } from '../failures/code-excerpt.js';
import { isDependencyFrame } from '../failures/dependency-frames.js';
import { parseStackTrace } from '../failures/parse-stack-trace.js';
import type { ProjectFileIndex } from '../failures/resolve-frame-file.js';
import type { StackFrame } from '../failures/stack-frame.js';

/** A source line shown beside its frame is cut here. */
const MAX_CODE_CHARS = 160;

export interface ReducedLines {
  /** The lines with each stack frame as `at path:line  <source line>` when it is the project's, else left out. */
  lines: string[];
  /** The project's frames, innermost first as printed, each location once. */
  projectFrames: { path: string; line: number; code?: string }[];
  /** Frames left out: installed packages, the runtime, files the project does not have. */
  otherFrames: number;
}

/**
 * Reduces the stack traces in log lines to the project's own frames, each as `path:line` with its
 * source line as the file is now, so that the first look at a failure says where it broke. Lines
 * that are no frame are kept as they are.
 */
export async function reduceStackFrames(lines: readonly string[], projectRoot: string, index: ProjectFileIndex): Promise<ReducedLines> {
  const frames = lines.map(frameOf);
  const reduced: string[] = [];
  const projectFrames: ReducedLines['projectFrames'] = [];
  let otherFrames = 0;
  let previousWasFrame = false;
  for (const [position, line] of lines.entries()) {
    const frame = frames[position];
    if (!frame) {
      // Python prints each frame's code under it, then `^^^^` marks; Go prints the function above the file.
      const underFrame = previousWasFrame && (/^\s{4,}\S/.test(line) || /^\s*[\^~]+\s*$/.test(line) || /^\s*\.\.\. \d+ more\s*$/.test(line));
      const goFunction = frames[position + 1]?.language === 'go' && /^\S.*\)$/.test(line);
      if (!underFrame && !goFunction) reduced.push(line);
      if (!underFrame) previousWasFrame = false;
      continue;
    }
    previousWasFrame = true;
    const path = isDependencyFrame(frame) ? undefined : index.resolve(frame.file);
    if (!path) {
      otherFrames++;
      continue;
    }
    if (projectFrames.some((known) => known.path === path && known.line === frame.line)) continue;
    const code = focusCode(await readCodeExcerpt(projectRoot, path, frame.line));
    const shown = code && code.length > MAX_CODE_CHARS ? `${code.slice(0, MAX_CODE_CHARS)}…` : code;
    projectFrames.push({ path, line: frame.line, ...(shown && { code: shown }) });
    reduced.push(`    at ${path}:${frame.line}${shown ? `  ${shown}` : ''}`);
  }
  // Python prints the innermost frame last ("most recent call last"): where it broke comes first here.
  if (frames.some((frame) => frame?.language === 'python')) projectFrames.reverse();
  return { lines: reduced, projectFrames, otherFrames };
}

/** The frame a line is, when it is one (and nothing else) of some language's stack trace. */
function frameOf(line: string): StackFrame | undefined {
  if (!/\d/.test(line) || line.length > 1000) return undefined;
  const trace = parseStackTrace(line);
  return trace?.frames.length === 1 ? trace.frames[0] : undefined;
}
