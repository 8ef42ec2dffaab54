import { fetchJson, type JsonRequest } from './fetch-json.js';
import { firstPositiveInteger, isRecord } from './read-fields.js';

/**
 * Where servers put a model's window in their `GET <base>/models` entries: vLLM `max_model_len`,
 * OpenRouter (and Together) `context_length`, Groq `context_window`, Mistral `max_context_length`,
 * and last llama.cpp's `meta.n_ctx_train`, the window it was trained with (the server may run a
 * smaller one; its `/props` says which).
 */
const WINDOW_FIELDS = ['max_model_len', 'context_length', 'context_window', 'max_context_length', 'meta.n_ctx_train'];

export async function modelsListWindow(baseUrl: string, model: string, request: JsonRequest): Promise<number | undefined> {
  const list = await fetchJson(`${baseUrl.replace(/\/+$/, '')}/models`, request);
  const entries = isRecord(list) && Array.isArray(list.data) ? list.data : [];
  const entry = entries.find((candidate) => isRecord(candidate) && (candidate.id === model || candidate.id === `models/${model}`));
  return firstPositiveInteger(entry, WINDOW_FIELDS);
}
