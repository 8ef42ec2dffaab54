import { findProjectFiles } from '../code/project-files.js';
import { type CodeExcerpt, focusCode, readCodeExcerpt } from './code-excerpt.js';
import { isDependencyFrame } from './dependency-frames.js';
import { likelyCause } from './likely-cause.js';
import { parseStackTrace } from './parse-stack-trace.js';
import { ProjectFileIndex } from './resolve-frame-file.js';
import type { ParsedTrace, StackFrame } from './stack-frame.js';
import { traceTextOf } from './trace-text.js';

/** Frames beyond this many still get their location, not their code. */
export const MAX_EXCERPTS = 4;

export interface FailureInput {
  /** Real path of the project root. */
  projectRoot: string;
  /** A stack trace or log excerpt; looked at before the response body. */
  errorText?: string;
  /** The body of the failing response. */
  responseBody?: string;
}

/** A frame placed in a project file. */
export interface ProjectFrame {
  frame: StackFrame;
  /** Relative to the project root. */
  path: string;
  excerpt?: CodeExcerpt;
}

export interface FailureAnalysis {
  /** Where the trace was found; undefined when neither text holds one. */
  source?: 'error' | 'response';
  trace?: ParsedTrace;
  /** Innermost first, each location once. */
  projectFrames: ProjectFrame[];
  /** Frames in installed packages or the runtime, skipped. */
  dependencyFrames: number;
  /** Frames whose file this project does not have. */
  unplacedFrames: StackFrame[];
  /** A common cause the error and the top project frame's code point at. */
  likelyCause?: string;
}

/** Finds the stack trace, places its frames in the project, reads their code and names a likely cause. */
export async function analyzeFailure(input: FailureInput): Promise<FailureAnalysis> {
  const found = findTrace(input);
  if (!found) return { projectFrames: [], dependencyFrames: 0, unplacedFrames: [] };
  const { trace, source } = found;
  const index = new ProjectFileIndex(
    input.projectRoot,
    (await findProjectFiles(input.projectRoot)).map((file) => file.path),
  );
  const projectFrames: ProjectFrame[] = [];
  const unplacedFrames: StackFrame[] = [];
  let dependencyFrames = 0;
  for (const frame of trace.frames) {
    if (isDependencyFrame(frame)) {
      dependencyFrames++;
      continue;
    }
    const path = index.resolve(frame.file);
    if (!path) {
      unplacedFrames.push(frame);
      continue;
    }
    const known = projectFrames.find((located) => located.path === path && located.frame.line === frame.line);
    // Rust prints the panic location without a function, then the same place in the backtrace with one.
    if (known) known.frame = { ...known.frame, function: known.frame.function ?? frame.function };
    else projectFrames.push({ frame, path });
  }
  for (const located of projectFrames.slice(0, MAX_EXCERPTS)) {
    located.excerpt = await readCodeExcerpt(input.projectRoot, located.path, located.frame.line);
  }
  const code = focusCode(projectFrames[0]?.excerpt);
  return { source, trace, projectFrames, dependencyFrames, unplacedFrames, likelyCause: likelyCause(trace.errorType, trace.message, code) };
}

/** The first text with frames wins; a text with only an error line is the fallback. */
function findTrace(input: FailureInput): { trace: ParsedTrace; source: 'error' | 'response' } | undefined {
  const candidates: Array<{ trace: ParsedTrace; source: 'error' | 'response' }> = [];
  if (input.errorText?.trim()) {
    const trace = parseStackTrace(input.errorText);
    if (trace) candidates.push({ trace, source: 'error' });
  }
  if (input.responseBody?.trim()) {
    const trace = parseStackTrace(traceTextOf(input.responseBody));
    if (trace) candidates.push({ trace, source: 'response' });
  }
  return candidates.find((candidate) => candidate.trace.frames.length > 0) ?? candidates[0];
}
