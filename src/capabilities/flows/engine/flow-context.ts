import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { CookieJar } from '../../../engines/http/cookie-jar.js';
import type { RequestParts } from '../../../engines/http/prepare-request.js';
import type { StepResult } from './flow-run.js';

/** A step's request as it is about to be sent: every `{{VAR}}` resolved, earlier steps' values included. */
export interface OutgoingStepRequest {
  /** The step's index (from 0). */
  index: number;
  parts: RequestParts;
  /** The scope it was resolved in (the row's, or the flow's). */
  variables: VariableScope;
}

/**
 * Decides, when a step's request is about to go, whether it may: undefined sends it; a reason fails
 * the step unsent, with that reason. A flow run by the agent checks here where each request really goes.
 */
export type BeforeSend = (request: OutgoingStepRequest) => Promise<string | undefined>;

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
  beforeSend?: BeforeSend;
  onStepStart?(index: number, name: string): void;
  /** Keeps a step's result (masked) and passes it on. */
  emit(result: StepResult): void;
}
