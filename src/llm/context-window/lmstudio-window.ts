import { fetchJson, type JsonRequest } from './fetch-json.js';
import { firstPositiveInteger, isRecord } from './read-fields.js';

/**
 * LM Studio's own model list (`GET /api/v0/models` at the server's root): `loaded_context_length` when
 * the model is loaded — what the server accepts — else `max_context_length`, the model's own.
 */
export async function lmStudioWindow(root: string, model: string, request: JsonRequest): Promise<number | undefined> {
  const list = await fetchJson(`${root}/api/v0/models`, request);
  const entries = isRecord(list) && Array.isArray(list.data) ? list.data : [];
  const entry = entries.find((candidate) => isRecord(candidate) && candidate.id === model);
  return firstPositiveInteger(entry, ['loaded_context_length', 'max_context_length']);
}
