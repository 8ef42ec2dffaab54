import type { FailureAnalysis, ProjectFrame } from '../../../engines/failures/analyze-failure.js';
import type { CodeExcerpt } from '../../../engines/failures/code-excerpt.js';
import { type StackFrame, describeError } from '../../../engines/failures/stack-frame.js';
import type { StoredResponse } from '../../../engines/http/response-store.js';

const MAX_UNPLACED_SHOWN = 3;
const MAX_BODY_SHOWN = 300;

export interface FailureReportInput {
  analysis: FailureAnalysis;
  response?: StoredResponse;
  expected?: string;
}

/** The analysis as the observation the model reads: the error and the likely cause first, then the code. */
export function describeFailure({ analysis, response, expected }: FailureReportInput): string {
  const lines: string[] = [];
  if (response) lines.push(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} for ${requestLine(response)}`);
  if (expected) lines.push(`Expected: ${expected}`);
  const { trace } = analysis;
  if (!trace) return [...lines, ...noTrace(response)].join('\n');
  lines.push(`Error: ${describeError(trace.errorType, trace.message) ?? '(no error message in the trace)'}`);
  if (trace.wrappedBy) lines.push(`Surfaced as: ${trace.wrappedBy}`);
  lines.push(traceSummary(analysis));
  if (analysis.likelyCause) lines.push(`Likely cause: ${analysis.likelyCause}`);
  if (analysis.projectFrames.length > 0) {
    lines.push('', 'In the project, innermost first:', ...analysis.projectFrames.flatMap(describeProjectFrame));
  } else if (trace.frames.length > 0) {
    lines.push('', 'No frame is a file of this project; if the server runs elsewhere, its paths may differ from these.');
  }
  if (analysis.unplacedFrames.length > 0) lines.push('', describeUnplaced(analysis.unplacedFrames));
  if (analysis.projectFrames.length === 0 && response) lines.push('', findHandlerHint(response));
  return lines.join('\n');
}

function traceSummary(analysis: FailureAnalysis): string {
  const { trace, projectFrames, dependencyFrames, unplacedFrames } = analysis;
  const where = analysis.source === 'error' ? 'the error text' : 'the response body';
  const total = trace?.frames.length ?? 0;
  if (total === 0) return `Trace: ${trace?.language} error in ${where}, without stack frames.`;
  const parts = [`${projectFrames.length} in the project`, `${dependencyFrames} in dependencies or the runtime (skipped)`];
  if (unplacedFrames.length > 0) parts.push(`${unplacedFrames.length} not found in the project`);
  return `Trace: ${trace?.language}, in ${where}; ${total} frame${total === 1 ? '' : 's'}: ${parts.join(', ')}.`;
}

function describeProjectFrame({ frame, path, excerpt }: ProjectFrame, index: number): string[] {
  const location = `${path}:${frame.line}${frame.column ? `:${frame.column}` : ''}`;
  const heading = `${index + 1}. ${location}${frame.function ? ` in ${frame.function}` : ''}`;
  if (!excerpt) return [heading];
  if (excerpt.focusLine === undefined) return [heading, `   (the file is shorter than line ${frame.line} now: it changed since the trace)`];
  return [heading, ...numberedExcerpt(excerpt)];
}

function numberedExcerpt(excerpt: CodeExcerpt): string[] {
  const width = String(excerpt.firstLine + excerpt.lines.length - 1).length;
  return excerpt.lines.map((text, i) => {
    const number = excerpt.firstLine + i;
    return `   ${number === excerpt.focusLine ? '>' : ' '} ${String(number).padStart(width)}  ${text}`;
  });
}

function describeUnplaced(frames: StackFrame[]): string {
  const shown = frames.slice(0, MAX_UNPLACED_SHOWN).map((frame) => `${frame.file}:${frame.line}`);
  const more = frames.length > MAX_UNPLACED_SHOWN ? ` (+${frames.length - MAX_UNPLACED_SHOWN} more)` : '';
  return `Not found in the project: ${shown.join(', ')}${more}`;
}

function noTrace(response: StoredResponse | undefined): string[] {
  if (!response) {
    return ['No stack trace in the error text (looked for Python, Node, Go, Java, Ruby, Rust and .NET traces).'];
  }
  const body = response.body.trim();
  const shown = body.length > MAX_BODY_SHOWN ? `${body.slice(0, MAX_BODY_SHOWN)}…` : body;
  return [
    `No stack trace in the response body${body ? `: ${shown}` : ' (it is empty)'}`,
    'The server does not send its traces here; its console or log may have one (pass it as `error`).',
    findHandlerHint(response),
  ];
}

function findHandlerHint(response: StoredResponse): string {
  const args = JSON.stringify({ method: response.request.method.toUpperCase(), path: pathOf(response.request.url) });
  return `To read the code that serves this request: ACTION: find_handler(${args})`;
}

function requestLine(response: StoredResponse): string {
  return `${response.request.method.toUpperCase()} ${pathOf(response.request.url)}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
