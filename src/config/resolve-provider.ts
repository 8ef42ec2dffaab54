import type { Env } from './falcon-home.js';
import type { ProviderEntry } from './global-config-schema.js';
import { normalizeOllamaHost } from './ollama-host.js';
import type { ProviderProtocol, ProviderSettings } from './types.js';

/** Environment variables that stand in for a provider's `api_key` when the file leaves it empty. */
const API_KEY_ENV: Record<string, string> = {
  openai: 'OPENAI_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  gemini: 'GEMINI_API_KEY',
  ollama: 'OLLAMA_API_KEY',
};

/** And for its URL. */
const BASE_URL_ENV: Record<string, string> = {
  openai: 'OPENAI_BASE_URL',
  ollama: 'OLLAMA_HOST',
};

/** A provider entry from the file, with environment fallbacks where the file leaves a field empty. */
export function resolveProvider(id: string, entry: ProviderEntry, env: Env): ProviderSettings {
  const config = entry.config ?? {};
  const protocol = providerProtocol(id, entry);
  const fileUrl =
    protocol === 'ollama'
      ? (nonEmpty(config.url) ?? nonEmpty(config.base_url))
      : (nonEmpty(config.base_url) ?? nonEmpty(config.url));
  // The URL variables describe a service speaking its own protocol, and OLLAMA_HOST a local server:
  // neither fits an `ollama` entry set to `type: openai`, nor an Ollama cloud provider.
  const urlEnv = protocol === id && config.mode !== 'cloud' ? BASE_URL_ENV[id] : undefined;
  const baseUrl = fileUrl ?? envValue(env, urlEnv);
  const apiKey = nonEmpty(config.api_key) ?? envValue(env, API_KEY_ENV[id]);

  return {
    id,
    protocol,
    model: entry.model,
    ...(apiKey && { apiKey }),
    ...(baseUrl && { baseUrl: protocol === 'ollama' ? normalizeOllamaHost(baseUrl) : baseUrl }),
    ...(protocol === 'ollama' && config.mode && { mode: config.mode }),
    ...(config.stream === false && { stream: false }),
  };
}

/** `config.type` when given; otherwise `ollama` for the entry named `ollama` and `openai` for all others. */
export function providerProtocol(id: string, entry: ProviderEntry): ProviderProtocol {
  return entry.config?.type ?? (id === 'ollama' ? 'ollama' : 'openai');
}

function envValue(env: Env, name: string | undefined): string | undefined {
  return name ? nonEmpty(env[name]) : undefined;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}
