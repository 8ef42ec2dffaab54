import { fetchJson, type JsonRequest } from './fetch-json.js';
import { firstPositiveInteger } from './read-fields.js';

/**
 * A llama.cpp server's `GET /props` at its root: `default_generation_settings.n_ctx`, the window of
 * each request slot. `?model=` picks the model of a server that serves several; one with a single
 * model ignores it.
 */
export async function llamaCppWindow(root: string, model: string, request: JsonRequest): Promise<number | undefined> {
  const props = await fetchJson(`${root}/props?model=${encodeURIComponent(model)}`, request);
  return firstPositiveInteger(props, ['default_generation_settings.n_ctx', 'n_ctx']);
}
