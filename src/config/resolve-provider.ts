import type { Env } from './falcon-home.js';
import type { ProviderEntry } from './global-config-schema.js';
import { knownProvider } from './known-providers.js';
import { normalizeOllamaHost } from './ollama-host.js';
import type { ModelPrice, ProviderProtocol, ProviderSettings } from './types.js';

type ProviderConfig = NonNullable<ProviderEntry['config']>;

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
    ...(protocol === 'azure' && azureFields(config)),
    ...(config.pricing && { pricing: priceOf(config.pricing) }),
  };
}

/** `config.type` when given; otherwise a known provider's own protocol (`ollama`, `anthropic`, `azure`) and `openai` for all others. */
export function providerProtocol(id: string, entry: ProviderEntry): ProviderProtocol {
  return entry.config?.type ?? knownProvider(id)?.protocol ?? 'openai';
}

function azureFields(config: ProviderConfig): Pick<ProviderSettings, 'deployment' | 'apiVersion'> {
  const deployment = nonEmpty(config.deployment);
  const apiVersion = nonEmpty(config.api_version);
  return { ...(deployment && { deployment }), ...(apiVersion && { apiVersion }) };
}

/** Cached input costs as input when `cached_input` is left out: no discount is assumed. */
function priceOf(pricing: NonNullable<ProviderConfig['pricing']>): ModelPrice {
  return { input: pricing.input, output: pricing.output, cachedInput: pricing.cached_input ?? pricing.input };
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
