import type { Env } from './falcon-home.js';
import type { GlobalConfigFile } from './global-config-schema.js';
import { knownProvider } from './known-providers.js';
import { resolveProvider, urlVariable } from './resolve-provider.js';
import type { ProviderProtocol } from './types.js';
import { maskApiKey } from '../safety/mask-api-key.js';

/** One configured provider as `falcon config list` shows it: no key in clear, and where each value comes from. */
export interface ProviderSummary {
  id: string;
  protocol: ProviderProtocol;
  model: string;
  mode?: 'local' | 'cloud';
  /** The URL in use; absent means the provider's own default. */
  url?: string;
  /** The environment variable the URL comes from, when the file leaves it empty. */
  urlFrom?: string;
  /** The key in use, masked. */
  apiKey?: string;
  /** The environment variable the key comes from, when the file leaves it empty. */
  apiKeyFrom?: string;
  isDefault: boolean;
  /** Its place in the fallback order, from 1. */
  fallbackRank?: number;
  /** `context_window` from the file. */
  contextWindow?: number;
  /** Ollama's `num_ctx` from the file. */
  numCtx?: number;
  /** `timeout_s` from the file; absent means the default for a local or remote server. */
  timeoutS?: number;
  /** `tool_protocol` from the file, when not the default `text`. */
  toolProtocol?: 'native' | 'auto';
  /**
   * `server`: the window is learned from the server when a session starts. `config`: the file bounds
   * it (the server's own, when smaller, still wins; for Ollama, `num_ctx` sets it).
   */
  contextWindowFrom: 'config' | 'server';
}

export function summarizeProviders(data: GlobalConfigFile, env: Env): ProviderSummary[] {
  const entries = Object.entries(data.providers ?? {});
  const defaultId = data.default_provider ?? (entries.length === 1 ? entries[0]![0] : undefined);
  return entries.map(([id, entry]): ProviderSummary => {
    const settings = resolveProvider(id, entry, env);
    const keyInFile = Boolean(entry.config?.api_key?.trim());
    const urlInFile = Boolean(entry.config?.url?.trim() || entry.config?.base_url?.trim());
    const rank = (data.fallback ?? []).indexOf(id);
    return {
      id,
      protocol: settings.protocol,
      model: settings.model,
      ...(settings.mode && { mode: settings.mode }),
      ...(settings.baseUrl && { url: settings.baseUrl }),
      ...(settings.baseUrl && !urlInFile && { urlFrom: urlVariable(id, entry) }),
      ...(settings.apiKey && { apiKey: maskApiKey(settings.apiKey) }),
      ...(settings.apiKey && !keyInFile && { apiKeyFrom: knownProvider(id)?.apiKeyVariable }),
      isDefault: id === defaultId,
      ...(rank >= 0 && { fallbackRank: rank + 1 }),
      ...(settings.contextWindow !== undefined && { contextWindow: settings.contextWindow }),
      ...(settings.numCtx !== undefined && { numCtx: settings.numCtx }),
      ...(settings.timeoutS !== undefined && { timeoutS: settings.timeoutS }),
      ...(settings.toolProtocol && settings.toolProtocol !== 'text' && { toolProtocol: settings.toolProtocol }),
      contextWindowFrom: settings.contextWindow === undefined && settings.numCtx === undefined ? 'server' : 'config',
    };
  });
}
