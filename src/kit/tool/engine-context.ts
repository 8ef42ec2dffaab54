import type { SecretRegistry } from '../../safety/secret-registry.js';
import type { VariableScope } from '../../workspace/variable-scope.js';

/**
 * What the session gives whatever reaches an engine on its behalf — a tool (its `ToolContext` is
 * one) or a slash command (`Agent.engineContext`) — so that both call the same function with it.
 */
export interface EngineContext {
  /** Absolute, real path of the project folder. */
  projectRoot: string;
  /** `{{VAR}}` resolution: session, active environment, global variables, process environment. */
  variables: VariableScope;
  /**
   * The session's secrets: what reaches the model, the screen or a file is masked with them; a
   * tool registers the tokens it obtains here.
   */
  secrets: SecretRegistry;
  /** Aborted when the user stops the work (Esc). */
  signal: AbortSignal;
}
