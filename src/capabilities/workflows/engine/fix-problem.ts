import type { FailureAnalysis } from '../../../engines/failures/analyze-failure.js';
import { describeError } from '../../../engines/failures/stack-frame.js';
import type { FoundHandler } from '../../../engines/routes/find-handler.js';
import type { CaseUnderFix, CaseVerdict } from './case-under-fix.js';

const BODY_SHOWN = 600;

/** A change tried before that did not make the case pass (and was undone). */
export interface EarlierAttempt {
  explanation?: string;
  /** The diff of the change, or what replaced what. */
  change: string;
  /** The case after the change. */
  verdict: CaseVerdict;
}

export interface FixProblemFacts {
  failing: CaseUnderFix;
  verdict: CaseVerdict;
  analysis: FailureAnalysis;
  handler?: FoundHandler;
  earlier: readonly EarlierAttempt[];
}

/** The problem as the fixes engine gives it to the model: what was asked, what came, where the code failed, what was tried. */
export function describeFixProblem({ failing, verdict, analysis, handler, earlier }: FixProblemFacts): string {
  const lines = [`The case ${failing.label} fails.`, `Expected: ${failing.expected}`, ...describeVerdict(verdict)];
  const { trace } = analysis;
  if (trace) {
    const top = analysis.projectFrames[0];
    lines.push(`Error: ${describeError(trace.errorType, trace.message) ?? 'no message'}${top ? ` at ${top.path}:${top.frame.line}` : ''}`);
    if (analysis.likelyCause) lines.push(`Likely cause: ${analysis.likelyCause}`);
  }
  if (handler) {
    const where = handler.code ? `${handler.code.file}:${handler.code.line}` : `${handler.route.file}:${handler.route.line}`;
    lines.push(`The handler of ${handler.route.method} ${handler.route.path} is at ${where}.`);
  }
  if (earlier.length > 0) {
    lines.push('', 'Changes tried before, each undone because the case still failed after it — propose a different one:');
    earlier.forEach((attempt, index) => {
      lines.push(`${index + 1}. ${attempt.explanation ?? 'a change'}`, attempt.change.trimEnd(), `   then: ${describeVerdict(attempt.verdict).join(' ')}`);
    });
  }
  return lines.join('\n');
}

function describeVerdict(verdict: CaseVerdict): string[] {
  const lines: string[] = [];
  if (verdict.response) {
    const { status, statusText, body } = verdict.response;
    const flat = body.replace(/\s+/g, ' ').trim();
    lines.push(
      `Got: HTTP ${status}${statusText ? ` ${statusText}` : ''}${flat ? `; body: ${flat.length > BODY_SHOWN ? `${flat.slice(0, BODY_SHOWN)}…` : flat}` : ''}`,
    );
  }
  if (verdict.failures.length > 0) lines.push(`Failed: ${verdict.failures.join('; ')}`);
  if (verdict.server) lines.push(...verdict.server.lines);
  return lines;
}
