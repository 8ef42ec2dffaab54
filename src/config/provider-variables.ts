import { KNOWN_PROVIDERS } from './known-providers.js';

/**
 * Model providers whose SDKs and tools read `<PREFIX>_API_KEY` and `<PREFIX>_BASE_URL` (or the like):
 * Falcon's own, and the other hosted models a user's shell is likely to hold a key for.
 */
const PROVIDER_PREFIXES = [
  ...KNOWN_PROVIDERS.map((provider) => provider.id.toUpperCase()),
  'AZURE_OPENAI',
  'MISTRAL',
  'GROQ',
  'DEEPSEEK',
  'XAI',
  'TOGETHER',
  'FIREWORKS',
  'PERPLEXITY',
  'COHERE',
];

/** The variables that hold a model provider's API key: never put in a request Falcon sends for the user. */
export const PROVIDER_KEY_VARIABLES: ReadonlySet<string> = new Set([
  ...KNOWN_PROVIDERS.map((provider) => provider.apiKeyVariable),
  ...PROVIDER_PREFIXES.map((prefix) => `${prefix}_API_KEY`),
]);

const PROVIDER_URL = new RegExp(`^(?:${PROVIDER_PREFIXES.join('|')})_(?:BASE_URL|API_BASE|API_URL|URL|ENDPOINT|HOST)$`);
const KNOWN_URL_VARIABLES = new Set(KNOWN_PROVIDERS.flatMap((provider) => (provider.urlVariable ? [provider.urlVariable] : [])));

/** Whether a variable says where a model provider is reached (`OPENAI_BASE_URL`, `OLLAMA_HOST`): where its key is sent. */
export function isProviderUrlVariable(name: string): boolean {
  return KNOWN_URL_VARIABLES.has(name) || PROVIDER_URL.test(name);
}
