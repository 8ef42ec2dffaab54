import type { ContextWindow } from './chat-model.js';

const SOURCES: Record<ContextWindow['source'], string> = {
  server: 'from the server',
  config: 'from context_window in the config',
  'known-model': 'known for this model',
  default: 'a cautious default; set context_window to change it',
  error: 'learned from a context-length error',
};

/** `context window 32,768 tokens (from the server, num_ctx 32,768)` */
export function describeContextWindow(window: ContextWindow): string {
  const numCtx = window.numCtx ? `, sent as num_ctx` : '';
  return `context window ${window.tokens.toLocaleString('en-US')} tokens (${SOURCES[window.source]}${numCtx})`;
}
