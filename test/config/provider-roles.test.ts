import { describe, expect, it } from 'vitest';
import { ConfigEditError } from '../../src/config/config-error.js';
import { removeProvider, setDefault, setFallback } from '../../src/config/provider-roles.js';

const THREE = {
  default_provider: 'ollama',
  fallback: ['openrouter', 'openai'],
  providers: {
    ollama: { model: 'llama3.2' },
    openai: { model: 'gpt-4o-mini' },
    openrouter: { model: 'google/gemini-2.5-flash' },
  },
};

describe('setDefault', () => {
  it('sets a configured provider as the default', () => {
    expect(setDefault(THREE, 'openai').raw.default_provider).toBe('openai');
  });

  it('takes the new default out of the fallback order, and says so', () => {
    const edit = setDefault(THREE, 'openai');
    expect(edit.raw).toMatchObject({ default_provider: 'openai', fallback: ['openrouter'] });
    expect(edit.notes).toEqual(['Removed openai from the fallback order: it is the default provider']);
    const only = setDefault({ ...THREE, fallback: ['openrouter'] }, 'openrouter');
    expect(only.raw).not.toHaveProperty('fallback');
    expect(only.data.fallback).toBeUndefined();
  });

  it('refuses a provider that is not configured, naming those that are', () => {
    expect(() => setDefault(THREE, 'gemini')).toThrow(new ConfigEditError('"gemini" is not a configured provider (configured: ollama, openai, openrouter)'));
  });
});

describe('setFallback', () => {
  it('sets the order, and clears it when given none', () => {
    expect(setFallback(THREE, ['openai']).raw.fallback).toEqual(['openai']);
    expect(setFallback(THREE, []).raw).not.toHaveProperty('fallback');
  });

  it('refuses the default provider, which cannot be its own fallback', () => {
    expect(() => setFallback(THREE, ['openai', 'ollama'])).toThrow(
      new ConfigEditError('ollama is the default provider: the fallback order names the providers tried after it fails'),
    );
    // With one provider and no default named, that one is the default.
    expect(() => setFallback({ providers: { ollama: { model: 'llama3.2' } } }, ['ollama'])).toThrow(/ollama is the default provider/);
  });

  it('refuses unknown and repeated providers', () => {
    expect(() => setFallback(THREE, ['openai', 'gemini'])).toThrow(/"gemini" is not a configured provider/);
    expect(() => setFallback(THREE, ['openai', 'openai'])).toThrow('openai is named twice in the fallback order');
  });
});

describe('removeProvider', () => {
  it('removes a fallback entry along with the provider, and says so', () => {
    const edit = removeProvider(THREE, 'openai');
    expect(edit.raw).toEqual({
      default_provider: 'ollama',
      fallback: ['openrouter'],
      providers: { ollama: THREE.providers.ollama, openrouter: THREE.providers.openrouter },
    });
    expect(edit.notes).toEqual(['Removed openai from the fallback order']);
  });

  it('makes the first fallback the default when the default goes', () => {
    const edit = removeProvider(THREE, 'ollama');
    expect(edit.raw.default_provider).toBe('openrouter');
    expect(edit.raw.fallback).toEqual(['openai']);
    expect(edit.notes).toEqual(['ollama was the default provider; the default is now openrouter']);
  });

  it('falls back to the first remaining provider when there are no fallbacks', () => {
    const edit = removeProvider({ default_provider: 'ollama', providers: THREE.providers }, 'ollama');
    expect(edit.raw.default_provider).toBe('openai');
  });

  it('leaves no default when the last provider goes', () => {
    const edit = removeProvider({ default_provider: 'ollama', providers: { ollama: { model: 'llama3.2' } } }, 'ollama');
    expect(edit.raw).toEqual({ providers: {} });
    expect(edit.notes).toEqual(['ollama was the default provider; no providers remain']);
  });

  it('never leaves the one remaining provider as its own fallback', () => {
    const edit = removeProvider({ fallback: ['ollama'], providers: { ollama: { model: 'llama3.2' }, openai: { model: 'gpt-4o-mini' } } }, 'openai');
    expect(edit.raw).toEqual({ providers: { ollama: { model: 'llama3.2' } } });
    expect(edit.notes).toEqual(['Removed ollama from the fallback order: it is the default provider']);
  });

  it('mends a file that named the default as a fallback, whatever the edit', () => {
    const edit = removeProvider({ ...THREE, fallback: ['ollama', 'openai'] }, 'openai');
    expect(edit.raw).toEqual({ default_provider: 'ollama', providers: { ollama: THREE.providers.ollama, openrouter: THREE.providers.openrouter } });
    expect(edit.notes).toEqual(['Removed openai from the fallback order', 'Removed ollama from the fallback order: it is the default provider']);
  });

  it('refuses a provider that is not configured', () => {
    expect(() => removeProvider(THREE, 'gemini')).toThrow(ConfigEditError);
  });
});
