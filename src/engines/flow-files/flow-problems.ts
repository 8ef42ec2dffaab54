/** One thing wrong with a flow file, where it is. */
export interface FlowProblem {
  /** 0 when the flow is not a file (an inline flow): then `path` says where. */
  line: number;
  /** `steps.1.request`, empty for the whole flow. */
  path: string;
  message: string;
}

/** A flow that cannot run: every problem, each as `file:line: message`. */
export class FlowValidationError extends Error {
  override name = 'FlowValidationError';

  constructor(
    readonly file: string,
    readonly problems: FlowProblem[],
  ) {
    super(
      problems.map((problem) => `${file}${problem.line > 0 ? `:${problem.line}` : problem.path ? ` at ${problem.path}` : ''}: ${problem.message}`).join('\n'),
    );
  }
}
