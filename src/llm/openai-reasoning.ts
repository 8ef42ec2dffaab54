import { isRecord } from './context-window/read-fields.js';

/**
 * Reasoning an OpenAI-compatible server sends beside the text of a delta or message:
 * `reasoning_content` (DeepSeek, vLLM, llama.cpp) or `reasoning` (OpenRouter, Ollama's /v1, LM Studio).
 * A server that fills both sends the same text twice; one is read.
 */
export function reasoningOf(part: unknown): string {
  if (!isRecord(part)) return '';
  const text = [part.reasoning_content, part.reasoning].find((field) => typeof field === 'string' && field !== '');
  return typeof text === 'string' ? text : '';
}
