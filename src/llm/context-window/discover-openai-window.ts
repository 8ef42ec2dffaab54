// What an OpenAI-compatible server says of a model's window, asking only where it can say.
import { isLocalUrl } from './is-local-url.js';
import { llamaCppWindow } from './llamacpp-window.js';
import { lmStudioWindow } from './lmstudio-window.js';
import { modelsListWindow } from './models-list-window.js';

export interface OpenAIServer {
  baseUrl: string;
  apiKey?: string;
}

/** Hosted APIs whose model lists name no window: asking costs a request and says nothing. */
const SILENT_HOSTS = new Set(['api.openai.com', 'generativelanguage.googleapis.com']);

/**
 * Asks in parallel: the `/models` list of any server but the silent ones (vLLM, OpenRouter and others
 * put the window there), and, for a server on this machine or network, LM Studio's `/api/v0/models`
 * and llama.cpp's `/props` at its root (404s from the others are normal). LM Studio's loaded window
 * wins, then llama.cpp's running one, then the list's. `undefined` when none says.
 */
export async function discoverOpenAIWindow(server: OpenAIServer, model: string, signal: AbortSignal): Promise<number | undefined> {
  if (!URL.canParse(server.baseUrl) || SILENT_HOSTS.has(new URL(server.baseUrl).hostname)) return undefined;
  const request = { signal, apiKey: server.apiKey };
  const local = isLocalUrl(server.baseUrl);
  const root = server.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const [lmStudio, llamaCpp, listed] = await Promise.all([
    local ? lmStudioWindow(root, model, request) : undefined,
    local ? llamaCppWindow(root, model, request) : undefined,
    modelsListWindow(server.baseUrl, model, request),
  ]);
  return lmStudio ?? llamaCpp ?? listed;
}
