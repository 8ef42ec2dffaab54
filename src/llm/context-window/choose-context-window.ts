import type { ContextWindow } from '../chat-model.js';
import { knownModelWindow } from './known-model-windows.js';

/** The window of a model nobody describes: small enough for any model Falcon may meet. */
export const DEFAULT_CONTEXT_WINDOW = 8192;

/** The longest Falcon waits for a server to say a model's window before it goes on without. */
export const DISCOVERY_TIMEOUT_MS = 5000;

export interface WindowFacts {
  model: string;
  /** What the server said, when it said. */
  server?: number;
  /** `context_window` from the provider's config. */
  configured?: number;
}

/**
 * The server's window, else the configured one, else a well-known model's, else an assumed one. When
 * the server and the config both give one, the smaller wins: a user may lower the window (to save
 * memory or money), while a larger one than the server's would only end in overflow errors.
 */
export function chooseContextWindow({ model, server, configured }: WindowFacts): ContextWindow {
  if (server !== undefined && configured !== undefined && configured < server) return { tokens: configured, source: 'config' };
  if (server !== undefined) return { tokens: server, source: 'server' };
  if (configured !== undefined) return { tokens: configured, source: 'config' };
  const known = knownModelWindow(model);
  if (known !== undefined) return { tokens: known, source: 'known-model' };
  return { tokens: DEFAULT_CONTEXT_WINDOW, source: 'assumed' };
}
