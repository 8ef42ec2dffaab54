import type { ContextWindow } from './chat-model.js';

const SOURCES: Record<ContextWindow['source'], string> = {
  server: 'from the server',
  config: 'from context_window in the config',
  'known-model': 'known for this model',
  cap: 'Falcon’s cap; set num_ctx to raise it',
  assumed: 'assumed: the server does not say it; set context_window',
  error: 'learned from a context-length error',
};

/** `context window 32,768 tokens (from the server)`; for Ollama, what it is sent as and how to change it. */
export function describeContextWindow(window: ContextWindow): string {
  const tokens = `context window ${window.tokens.toLocaleString('en-US')} tokens`;
  if (!window.numCtx) return `${tokens} (${SOURCES[window.source]})`;
  // Ollama's window is the num_ctx Falcon sends, so num_ctx is what changes it.
  const why = window.source === 'assumed' ? 'assumed: Ollama does not say the model’s window; set num_ctx' : SOURCES[window.source];
  return `${tokens}, sent as num_ctx (${why})`;
}
