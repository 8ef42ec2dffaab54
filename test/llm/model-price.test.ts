import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/config/types.js';
import { CACHE_WRITE_FACTOR, costOf, modelPrice } from '../../src/llm/pricing/model-price.js';
import { PRICES_TAKEN, tablePrice } from '../../src/llm/pricing/price-table.js';

const hosted = (id: string, model: string, overrides: Partial<ProviderSettings> = {}): ProviderSettings => ({ id, protocol: 'openai', model, ...overrides });

describe('the price table', () => {
  it('knows the hosted models of OpenAI, Anthropic and Google, and says when it was taken', () => {
    expect(PRICES_TAKEN).toMatch(/^\d{4}-\d{2}$/);
    expect(tablePrice('gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6, cachedInput: 0.075 });
    expect(tablePrice('claude-sonnet-4-5')).toEqual({ input: 3, output: 15, cachedInput: 0.3 });
    expect(tablePrice('gemini-2.5-flash')).toEqual({ input: 0.3, output: 2.5, cachedInput: 0.03 });
  });

  it('reads snapshots, gateways’ vendor prefixes and aliases as their model', () => {
    expect(tablePrice('gpt-4.1-2025-04-14')).toEqual(tablePrice('gpt-4.1'));
    expect(tablePrice('claude-sonnet-4-5-20250929')).toEqual(tablePrice('claude-sonnet-4-5'));
    expect(tablePrice('anthropic/claude-sonnet-4.5')).toEqual(tablePrice('claude-sonnet-4-5'));
    expect(tablePrice('openai/GPT-4o')).toEqual(tablePrice('gpt-4o'));
    expect(tablePrice('models/gemini-2.5-pro')).toEqual(tablePrice('gemini-2.5-pro'));
  });

  it('keeps a snapshot with a price of its own apart, and knows no made-up model', () => {
    expect(tablePrice('gpt-4o-2024-05-13')).toEqual({ input: 5, output: 15, cachedInput: 5 });
    expect(tablePrice('gpt-4o-mini-2024-07-18')).toEqual(tablePrice('gpt-4o-mini'));
    expect(tablePrice('llama3.2')).toBeUndefined();
    expect(tablePrice('gpt-4o-turbo-ultra')).toBeUndefined();
  });
});

describe('modelPrice', () => {
  it('prices a hosted model from the table', () => {
    expect(modelPrice(hosted('openai', 'gpt-4o'), 'gpt-4o')).toEqual({ input: 2.5, output: 10, cachedInput: 1.25 });
  });

  it('lets a provider’s pricing override the table', () => {
    const pricing = { input: 1, output: 2, cachedInput: 0.5 };
    expect(modelPrice(hosted('openai', 'gpt-4o', { pricing }), 'gpt-4o')).toBe(pricing);
    expect(modelPrice(hosted('corp', 'in-house', { baseUrl: 'https://llm.corp.example/v1', pricing }), 'in-house')).toBe(pricing);
  });

  it('costs nothing on a local server: Ollama on this machine, any server on a loopback or private address', () => {
    const free = { input: 0, output: 0, cachedInput: 0 };
    expect(modelPrice({ id: 'ollama', protocol: 'ollama', model: 'llama3.2' }, 'llama3.2')).toEqual(free);
    expect(modelPrice({ id: 'ollama', protocol: 'ollama', model: 'qwen3', baseUrl: 'http://127.0.0.1:11434' }, 'qwen3')).toEqual(free);
    expect(modelPrice(hosted('lmstudio', 'qwen3-8b', { baseUrl: 'http://localhost:1234/v1' }), 'qwen3-8b')).toEqual(free);
    expect(modelPrice(hosted('vllm', 'mistral', { baseUrl: 'http://192.168.1.20:8000/v1' }), 'mistral')).toEqual(free);
  });

  it('still prices a model the table knows behind a local gateway (it forwards to the paid API)', () => {
    expect(modelPrice(hosted('litellm', 'gpt-4o-mini', { baseUrl: 'http://localhost:4000/v1' }), 'gpt-4o-mini')).toEqual(tablePrice('gpt-4o-mini'));
  });

  it('does not know what an unknown hosted model costs, rather than calling it free', () => {
    expect(modelPrice(hosted('openrouter', 'meta-llama/llama-3.3-70b-instruct'), 'meta-llama/llama-3.3-70b-instruct')).toBeUndefined();
    expect(modelPrice({ id: 'ollama', protocol: 'ollama', model: 'gpt-oss:120b', mode: 'cloud' }, 'gpt-oss:120b')).toBeUndefined();
  });
});

describe('costOf', () => {
  const price = { input: 3, output: 15, cachedInput: 0.3 };

  it('prices input and output per million tokens', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 100_000 }, price)).toBe(3 + 1.5);
  });

  it('prices cached tokens, part of the input, at the cached price', () => {
    expect(costOf({ inputTokens: 10_000, outputTokens: 0, cachedInputTokens: 8_000 }, price)).toBe((2_000 * 3 + 8_000 * 0.3) / 1_000_000);
  });

  it('prices tokens written to the cache at 1.25 times the input price', () => {
    expect(CACHE_WRITE_FACTOR).toBe(1.25);
    expect(costOf({ inputTokens: 4_000, outputTokens: 0, cacheWriteTokens: 4_000 }, price)).toBe((4_000 * 3 * 1.25) / 1_000_000);
  });
});
