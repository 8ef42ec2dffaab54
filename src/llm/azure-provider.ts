// Azure OpenAI through the `openai` SDK's AzureOpenAI client: the deployment in the URL
// (`/openai/deployments/{deployment}/…`), the key in an `api-key` header, `api-version` on every
// request. Replies are read as any OpenAI server's (OpenAIChatModel).
import type OpenAI from 'openai';
import type { ProviderSettings } from '../config/types.js';
import { withCallSignal } from './call-signal.js';
import type { ConnectionCheck, ModelProvider, ProviderOptions } from './chat-model.js';
import { connectionFailure } from './connection-check.js';
import { classifyModelError, isAbortError, ModelSetupError } from './model-errors.js';
import { modelFetch } from './model-fetch.js';
import { fetchWithReadableErrors } from './openai-error-body.js';
import { OpenAIChatModel, type OpenAIServer } from './openai-provider.js';
import type { ModelServer } from './unreadable-reply.js';

export const AZURE_API_VERSION_EXAMPLE = '2024-10-21';
const DEPLOYMENT_HINT = `check the deployment's name in the Azure AI Foundry portal (Deployments) and the api_version (for example ${AZURE_API_VERSION_EXAMPLE})`;

export function createAzureProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const { id, apiKey, apiVersion } = settings;
  const endpoint = settings.baseUrl
    ?.trim()
    .replace(/\/+$/, '')
    .replace(/\/openai$/, '');
  if (!endpoint) throw new ModelSetupError(`Provider "${id}" needs its endpoint: set providers.${id}.config.base_url to https://NAME.openai.azure.com.`);
  if (!apiVersion)
    throw new ModelSetupError(`Provider "${id}" needs an API version: set providers.${id}.config.api_version (for example ${AZURE_API_VERSION_EXAMPLE}).`);
  if (!apiKey) throw new ModelSetupError(`Provider "${id}" needs an API key: set providers.${id}.config.api_key or AZURE_OPENAI_API_KEY.`);
  const baseURL = `${endpoint}/openai`;
  const wire: ModelServer = { protocol: 'azure', url: baseURL };
  /** The configured model is called through the configured deployment; any other name is a deployment itself. */
  const deploymentOf = (model: string) => (model === settings.model ? settings.deployment : undefined) ?? model;

  const serverFor = (deployment: string): OpenAIServer => ({
    provider: id,
    baseUrl: baseURL,
    apiKey,
    contextWindow: settings.contextWindow,
    timeoutS: settings.timeoutS,
    toolProtocol: settings.toolProtocol,
    silentAboutWindows: true,
    // A client per call: the SDK's withOptions would lose the api-version and the deployment.
    connect: async (call) => {
      const { AzureOpenAI } = await import('openai');
      // Explicit values everywhere, so OPENAI_* and AZURE_OPENAI_* variables never change where a request goes.
      return new AzureOpenAI({
        apiKey,
        apiVersion,
        baseURL,
        deployment,
        organization: null,
        project: null,
        maxRetries: 0, // Falcon retries itself (retrying-model.ts)
        logLevel: 'off',
        fetch: modelFetch(fetchWithReadableErrors(), { format: call?.format ?? 'json', server: wire }),
      });
    },
  });

  /** Azure's data plane lists no deployments: the configured one is the list. */
  const listModels = () => Promise.resolve([deploymentOf(settings.model)]);
  return {
    id,
    createModel: (model) => new OpenAIChatModel(serverFor(deploymentOf(model)), model, options.stream ?? settings.stream ?? true),
    listModels,
    modelListing: async () => ({ ok: true, models: await listModels() }),
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      const deployment = deploymentOf(settings.model);
      try {
        await ping(await serverFor(deployment).connect(), settings.model, signal);
        return { ok: true, models: 1 };
      } catch (error) {
        if (isAbortError(error) || signal?.aborted) throw error;
        if (classifyModelError(error, { provider: id }).status === 404) {
          return { ok: false, problem: `${endpoint} has no deployment ${deployment} answering api-version ${apiVersion}`, hint: DEPLOYMENT_HINT };
        }
        return connectionFailure(error, { provider: id, url: baseURL, hasApiKey: true });
      }
    },
  };
}

/** The smallest real call: it proves the key, the deployment and the api-version at once. */
async function ping(client: OpenAI, model: string, signal: AbortSignal | undefined): Promise<void> {
  await withCallSignal(signal, (callSignal) =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Reply with OK.' }] }, { signal: callSignal }),
  );
}
