import type { ContextWindow, ContextWindowSource } from '../chat-model.js';
import { DEFAULT_CONTEXT_WINDOW } from './choose-context-window.js';
import { positiveInteger } from './read-fields.js';

/**
 * The most `num_ctx` Falcon asks of Ollama unless the config sets `num_ctx`: Ollama allocates the
 * whole window's memory when it loads the model, and many models claim 128k or more.
 */
export const OLLAMA_NUM_CTX_CAP = 32_768;

export interface OllamaWindowFacts {
  /** The model's own window from `/api/show`, when it answered. */
  modelWindow?: number;
  /** `num_ctx` from the provider's config: replaces the cap. */
  numCtx?: number;
  /** `context_window` from the provider's config: may only lower the window. */
  contextWindow?: number;
}

/**
 * The `num_ctx` every request of a model instance sends, and so the window the session works inside
 * (Ollama silently cuts a longer prompt). Never above the model's own window; at most the configured
 * `num_ctx`, else the cap. Without the model's window: the configured window, else an assumed one.
 */
export function ollamaContextWindow({ modelWindow, numCtx, contextWindow }: OllamaWindowFacts): ContextWindow {
  const bounds: { tokens: number; source: ContextWindowSource }[] = [];
  if (modelWindow !== undefined) bounds.push({ tokens: modelWindow, source: 'server' });
  else if (contextWindow === undefined && numCtx === undefined) bounds.push({ tokens: DEFAULT_CONTEXT_WINDOW, source: 'assumed' });
  if (contextWindow !== undefined) bounds.push({ tokens: contextWindow, source: 'config' });
  bounds.push(numCtx === undefined ? { tokens: OLLAMA_NUM_CTX_CAP, source: 'cap' } : { tokens: numCtx, source: 'config' });
  const smallest = bounds.reduce((best, bound) => (bound.tokens < best.tokens ? bound : best));
  return { tokens: smallest.tokens, source: smallest.source, numCtx: smallest.tokens };
}

/** `model_info["<general.architecture>.context_length"]` of an `/api/show` answer; any `*.context_length` when the architecture is missing. */
export function readOllamaContextLength(show: unknown): number | undefined {
  const info = (show as { model_info?: unknown } | null | undefined)?.model_info;
  if (typeof info !== 'object' || info === null) return undefined;
  const fields = info as Record<string, unknown>;
  const architecture = fields['general.architecture'];
  if (typeof architecture === 'string') {
    const length = positiveInteger(fields[`${architecture}.context_length`]);
    if (length !== undefined) return length;
  }
  const [, anyLength] = Object.entries(fields).find(([key, value]) => key.endsWith('.context_length') && positiveInteger(value)) ?? [];
  return positiveInteger(anyLength);
}
