import type { ProviderProtocol } from './types.js';

/** A provider Falcon knows by name: how it is reached and what a fresh entry starts with. */
export interface KnownProvider {
  id: string;
  label: string;
  protocol: ProviderProtocol;
  /** The model a new entry gets when none is given (the wizard offers the live list instead). */
  defaultModel: string;
  /** Stands in for `api_key` when the file leaves it empty. */
  apiKeyVariable: string;
  /** Stands in for the URL when the file leaves it empty. */
  urlVariable?: string;
}

export const KNOWN_PROVIDERS: readonly KnownProvider[] = [
  { id: 'ollama', label: 'Ollama', protocol: 'ollama', defaultModel: 'llama3.2', apiKeyVariable: 'OLLAMA_API_KEY', urlVariable: 'OLLAMA_HOST' },
  { id: 'openai', label: 'OpenAI', protocol: 'openai', defaultModel: 'gpt-4o-mini', apiKeyVariable: 'OPENAI_API_KEY', urlVariable: 'OPENAI_BASE_URL' },
  {
    id: 'anthropic',
    label: 'Anthropic',
    protocol: 'anthropic',
    defaultModel: 'claude-sonnet-4-5',
    apiKeyVariable: 'ANTHROPIC_API_KEY',
    urlVariable: 'ANTHROPIC_BASE_URL',
  },
  { id: 'openrouter', label: 'OpenRouter', protocol: 'openai', defaultModel: 'google/gemini-2.5-flash', apiKeyVariable: 'OPENROUTER_API_KEY' },
  { id: 'gemini', label: 'Gemini', protocol: 'openai', defaultModel: 'gemini-2.5-flash', apiKeyVariable: 'GEMINI_API_KEY' },
  {
    id: 'azure',
    label: 'Azure OpenAI',
    protocol: 'azure',
    defaultModel: 'gpt-4o',
    apiKeyVariable: 'AZURE_OPENAI_API_KEY',
    urlVariable: 'AZURE_OPENAI_ENDPOINT',
  },
];

export const LOCAL_OLLAMA_URL = 'http://localhost:11434';

export function knownProvider(id: string): KnownProvider | undefined {
  return KNOWN_PROVIDERS.find((provider) => provider.id === id);
}
