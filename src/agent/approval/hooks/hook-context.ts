import { maskStructured } from '../../../safety/mask-structured.js';
import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

/** What every hook run needs from the session. */
export interface HookContext {
  projectRoot: string;
  sessionId: string;
  secrets: SecretRegistry;
  signal: AbortSignal;
  /** Variables added to Falcon's own environment for the hook (a trusted project's `.env`). */
  env?: Readonly<Record<string, string>>;
  /** A hook that failed: shown by the front ends, the run goes on. */
  warn(message: string): void;
}

/** The JSON a hook reads on stdin; the session's secrets never reach it in clear. */
export function hookPayload(event: string, context: HookContext, fields: Record<string, unknown>): object {
  return maskStructured({ event, ...fields, session_id: context.sessionId, cwd: context.projectRoot }, { secrets: context.secrets, shapes: false });
}

/** A hook's output as the model or the user reads it: no escape sequences, secrets masked. */
export function safeHookText(text: string, context: HookContext): string {
  return maskText(terminalSafeText(text), { secrets: context.secrets });
}
