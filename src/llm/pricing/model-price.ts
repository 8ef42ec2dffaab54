import type { FalconConfig, ModelPrice, ProviderSettings } from '../../config/types.js';
import { isLocalUrl } from '../context-window/is-local-url.js';
import type { Usage } from '../chat-model.js';
import { tablePrice } from './price-table.js';

/**
 * Prompt tokens written to the cache cost this many times the input price: Anthropic's price for its
 * five-minute cache, the one prompt caching uses. Only Anthropic reports cache writes.
 */
export const CACHE_WRITE_FACTOR = 1.25;

/** The price of a model of a configured provider; undefined when unknown. */
export type PriceOf = (provider: string, model: string) => ModelPrice | undefined;

const FREE: ModelPrice = { input: 0, output: 0, cachedInput: 0 };

/**
 * What a model of a provider costs: the provider's `pricing:` when set; else the price table's row for
 * the model, wherever it is reached (a gateway on this machine still pays for gpt-4o); else nothing
 * for a server on this machine or network (Ollama, LM Studio); else undefined: unknown, never 0.
 */
export function modelPrice(settings: ProviderSettings, model: string): ModelPrice | undefined {
  if (settings.pricing) return settings.pricing;
  const listed = tablePrice(model);
  if (listed) return listed;
  return isLocalServer(settings) ? FREE : undefined;
}

/** Prices by the config's providers; a provider it does not hold has no known price. */
export function configuredPrices(config: FalconConfig): PriceOf {
  return (provider, model) => {
    const settings = config.providers[provider];
    return settings && modelPrice(settings, model);
  };
}

/** USD for one call's tokens; cached and cache-written tokens are part of `inputTokens`. */
export function costOf(usage: Usage, price: ModelPrice): number {
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, usage.inputTokens - cached - written);
  const microDollars = uncached * price.input + cached * price.cachedInput + written * price.input * CACHE_WRITE_FACTOR + usage.outputTokens * price.output;
  return microDollars / 1_000_000;
}

function isLocalServer(settings: ProviderSettings): boolean {
  if (settings.protocol === 'ollama') return settings.mode !== 'cloud' && (settings.baseUrl === undefined || isLocalUrl(settings.baseUrl));
  return settings.baseUrl !== undefined && isLocalUrl(settings.baseUrl);
}
