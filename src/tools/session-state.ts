/**
 * What tools remember between calls within one session (DESIGN §2: no tool reads global state).
 * Each field is owned by the tools that use it; the agent creates one per session.
 */
export interface SessionState {
  /** When tools started using this state; lets a store tell its session apart from others. */
  readonly startedAt: Date;
}

export function createSessionState(): SessionState {
  return { startedAt: new Date() };
}
