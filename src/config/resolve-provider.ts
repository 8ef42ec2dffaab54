import type { Env } from './falcon-home.js';
import type { ProviderEntry } from './global-config-schema.js';
import { knownProvider } from './known-providers.js';
import { normalizeOllamaHost } from './ollama-host.js';
import type { ProviderProtocol, ProviderSettings } from './types.js';

/** A provider entry from the file, with environment fallbacks where the file leaves a field empty. */
export function resolveProvider(id: string, entry: ProviderEntry, env: Env): ProviderSettings {
  const config = entry.config ?? {};
  const protocol = providerProtocol(id, entry);
  const fileUrl = protocol === 'ollama' ? (nonEmpty(config.url) ?? nonEmpty(config.base_url)) : (nonEmpty(config.base_url) ?? nonEmpty(config.url));
  const baseUrl = fileUrl ?? envValue(env, urlVariable(id, entry));
  const apiKey = nonEmpty(config.api_key) ?? envValue(env, knownProvider(id)?.apiKeyVariable);

  return {
    id,
    protocol,
    model: entry.model,
    ...(apiKey && { apiKey }),
    ...(baseUrl && { baseUrl: protocol === 'ollama' ? normalizeOllamaHost(baseUrl) : baseUrl }),
    ...(protocol === 'ollama' && config.mode && { mode: config.mode }),
    ...(config.stream === false && { stream: false }),
    ...(typeof config.context_window === 'number' && { contextWindow: config.context_window }),
    ...(protocol === 'ollama' && typeof config.num_ctx === 'number' && { numCtx: config.num_ctx }),
    ...(typeof config.timeout_s === 'number' && { timeoutS: config.timeout_s }),
    ...(config.tool_protocol && config.tool_protocol !== 'text' && { toolProtocol: config.tool_protocol }),
  };
}

/** `config.type` when given; otherwise the protocol of a known provider (`ollama`, `anthropic`, …) and `openai` for all others. */
export function providerProtocol(id: string, entry: ProviderEntry): ProviderProtocol {
  return entry.config?.type ?? knownProvider(id)?.protocol ?? 'openai';
}

/** The variable that may stand in for this entry's URL, if any. */
export function urlVariable(id: string, entry: ProviderEntry): string | undefined {
  // The URL variables describe a service speaking its own protocol, and OLLAMA_HOST a local server:
  // neither fits an `ollama` entry set to `type: openai`, nor an Ollama cloud provider.
  const known = knownProvider(id);
  return known && known.protocol === providerProtocol(id, entry) && entry.config?.mode !== 'cloud' ? known.urlVariable : undefined;
}

function envValue(env: Env, name: string | undefined): string | undefined {
  return name ? nonEmpty(env[name]) : undefined;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}
