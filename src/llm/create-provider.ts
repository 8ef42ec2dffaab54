// From configuration to models: one provider by its protocol, or the whole default-plus-fallbacks chain.
import type { FalconConfig, ProviderSettings } from '../config/types.js';
import type { ModelProvider, ProviderOptions } from './chat-model.js';
import { ModelSetupError } from './model-errors.js';
import type { ModelEvent } from './model-events.js';
import { createAnthropicProvider } from './anthropic-provider.js';
import { createAzureProvider } from './azure-provider.js';
import { createOllamaProvider } from './ollama-provider.js';
import { createOpenAIProvider } from './openai-provider.js';
import { RetryingModel } from './retrying-model.js';

export interface ModelChoice {
  /** A configured provider id; the default provider when absent. */
  provider?: string;
  /** A model of that provider; its configured model when absent. */
  model?: string;
}

export interface ChatModelOptions extends ProviderOptions {
  /** The config file as the user should see it in error messages. */
  configPath?: string;
}

const DEFAULT_CONFIG_PATH = '~/.falcon/config.yaml';
const EXAMPLE_CONFIG = ['default_provider: ollama', 'providers:', '  ollama: {model: llama3.2, config: {mode: local, url: "http://localhost:11434"}}'].join(
  '\n',
);

export function createProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  switch (settings.protocol) {
    case 'openai':
      return createOpenAIProvider(settings, options);
    case 'ollama':
      return createOllamaProvider(settings, options);
    case 'anthropic':
      return createAnthropicProvider(settings, options);
    case 'azure':
      return createAzureProvider(settings, options);
  }
}

/** The chosen (or default) provider and model, then each `fallback` provider with its configured model. */
export function createChatModel(config: FalconConfig, choice: ModelChoice, emit: (event: ModelEvent) => void, options: ChatModelOptions = {}): RetryingModel {
  const configPath = options.configPath ?? DEFAULT_CONFIG_PATH;
  const configured = Object.keys(config.providers);
  const primaryId = choice.provider ?? config.defaultProvider ?? (configured.length === 1 ? configured[0] : undefined);
  if (primaryId === undefined || configured.length === 0) {
    throw new ModelSetupError(
      `No model provider is configured. Run \`falcon config\` to set one up, or add one to ${configPath}, for example:\n\n${EXAMPLE_CONFIG}`,
    );
  }

  const settingsOf = (id: string, role: string): ProviderSettings => {
    const settings = config.providers[id];
    if (settings) return settings;
    throw new ModelSetupError(`${role} "${id}" is not configured in ${configPath}. Configured providers: ${configured.join(', ')}.`);
  };
  const modelOf = (settings: ProviderSettings, model: string | undefined) => {
    const chosen = model ?? settings.model;
    if (chosen) return createProvider(settings, options).createModel(chosen);
    throw new ModelSetupError(`No model is set for provider "${settings.id}". Set providers.${settings.id}.model in ${configPath}.`);
  };

  const primary = modelOf(settingsOf(primaryId, choice.provider ? 'Provider' : 'Default provider'), choice.model);
  const fallbackIds = [...new Set(config.fallback)].filter((id) => id !== primaryId);
  const fallbacks = fallbackIds.map((id) => modelOf(settingsOf(id, 'Fallback provider'), undefined));
  return new RetryingModel({ models: [primary, ...fallbacks], delaysMs: config.retry.delaysMs, emit });
}
