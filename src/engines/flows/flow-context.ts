import type { VariableScope } from '../../workspace/variable-scope.js';
import type { CookieJar } from '../http/cookie-jar.js';
import type { StepResult } from './flow-run.js';

/** What every step of one run shares. */
export interface FlowContext {
  projectRoot: string;
  /** The flow file: `foreach` files are found beside it. */
  file?: string;
  /** The flow's scope: its `vars` over the caller's, and what the steps extract. */
  variables: VariableScope;
  /** One jar for the whole flow, so that a login by cookie holds for the steps after it. */
  cookies: CookieJar;
  signal: AbortSignal;
  onStepStart?(index: number, name: string): void;
  /** Keeps a step's result (masked) and passes it on. */
  emit(result: StepResult): void;
}
