// What well-known hosted models cost, in USD per million tokens, for prompts of ordinary length (the
// long-context tiers some vendors charge above 200k tokens are not modelled). Taken in PRICES_TAKEN from the
// vendors' pricing pages: openai.com/api/pricing, anthropic.com/pricing (a cache read is 0.1× the input
// price), ai.google.dev/gemini-api/docs/pricing (cached input: the context-caching price, storage aside).
// A provider's `pricing:` in the config overrides a row.
import type { ModelPrice } from '../../config/types.js';

export const PRICES_TAKEN = '2025-11';

interface PriceRow extends ModelPrice {
  /** The model's names: the vendor's id first, then aliases (OpenRouter writes `claude-sonnet-4.5`). */
  names: readonly string[];
}

const PRICE_ROWS: readonly PriceRow[] = [
  { names: ['gpt-4o', 'chatgpt-4o-latest'], input: 2.5, output: 10, cachedInput: 1.25 },
  { names: ['gpt-4o-2024-05-13'], input: 5, output: 15, cachedInput: 5 },
  { names: ['gpt-4o-mini'], input: 0.15, output: 0.6, cachedInput: 0.075 },
  { names: ['gpt-4.1'], input: 2, output: 8, cachedInput: 0.5 },
  { names: ['gpt-4.1-mini'], input: 0.4, output: 1.6, cachedInput: 0.1 },
  { names: ['gpt-4.1-nano'], input: 0.1, output: 0.4, cachedInput: 0.025 },
  { names: ['gpt-5', 'gpt-5-chat-latest'], input: 1.25, output: 10, cachedInput: 0.125 },
  { names: ['gpt-5-mini'], input: 0.25, output: 2, cachedInput: 0.025 },
  { names: ['gpt-5-nano'], input: 0.05, output: 0.4, cachedInput: 0.005 },
  { names: ['o1'], input: 15, output: 60, cachedInput: 7.5 },
  { names: ['o3'], input: 2, output: 8, cachedInput: 0.5 },
  { names: ['o3-mini'], input: 1.1, output: 4.4, cachedInput: 0.55 },
  { names: ['o4-mini'], input: 1.1, output: 4.4, cachedInput: 0.275 },
  { names: ['claude-opus-4-5', 'claude-opus-4.5'], input: 5, output: 25, cachedInput: 0.5 },
  { names: ['claude-opus-4-1', 'claude-opus-4.1', 'claude-opus-4', 'claude-opus-4-0'], input: 15, output: 75, cachedInput: 1.5 },
  { names: ['claude-sonnet-4-5', 'claude-sonnet-4.5', 'claude-sonnet-4', 'claude-sonnet-4-0'], input: 3, output: 15, cachedInput: 0.3 },
  { names: ['claude-haiku-4-5', 'claude-haiku-4.5'], input: 1, output: 5, cachedInput: 0.1 },
  { names: ['gemini-2.5-pro'], input: 1.25, output: 10, cachedInput: 0.125 },
  { names: ['gemini-2.5-flash'], input: 0.3, output: 2.5, cachedInput: 0.03 },
  { names: ['gemini-2.5-flash-lite'], input: 0.1, output: 0.4, cachedInput: 0.01 },
];

const BY_NAME = new Map(PRICE_ROWS.flatMap((row) => row.names.map((name) => [name, row] as const)));
/** What gateways put before a vendor's id (`openai/gpt-4o`, Gemini's `models/…`). */
const VENDOR_PREFIX = /^(?:openai|anthropic|google|models)\//;
/** A snapshot of a model: `gpt-4.1-2025-04-14`, `claude-sonnet-4-5-20250929`, `claude-sonnet-4-5@20250929`. */
const SNAPSHOT = /[-@](?:\d{4}-\d{2}-\d{2}|\d{8})$/;

/** The table's price of a model, by its id as a provider names it; undefined for a model it does not list. */
export function tablePrice(model: string): ModelPrice | undefined {
  const name = model.trim().toLowerCase().replace(VENDOR_PREFIX, '');
  const row = BY_NAME.get(name) ?? BY_NAME.get(name.replace(SNAPSHOT, ''));
  return row && { input: row.input, output: row.output, cachedInput: row.cachedInput };
}
