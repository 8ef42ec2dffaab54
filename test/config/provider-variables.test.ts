import { describe, expect, it } from 'vitest';
import { isProviderUrlVariable, PROVIDER_KEY_VARIABLES } from '../../src/config/provider-variables.js';

describe('provider variables', () => {
  it.each(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY', 'OLLAMA_API_KEY'])('%s holds a provider key, never put in a request', (name) => {
    expect(PROVIDER_KEY_VARIABLES.has(name)).toBe(true);
  });

  it.each(['ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'OLLAMA_HOST', 'AZURE_OPENAI_ENDPOINT'])('%s says where a provider is reached', (name) => {
    expect(isProviderUrlVariable(name)).toBe(true);
  });

  it('leaves the API under test its own variables', () => {
    expect(PROVIDER_KEY_VARIABLES.has('API_KEY')).toBe(false);
    expect(isProviderUrlVariable('BASE_URL')).toBe(false);
  });
});
