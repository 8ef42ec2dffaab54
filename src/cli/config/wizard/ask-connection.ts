import { input, select } from '@inquirer/prompts';
import type { RawGlobalConfig } from '../../../config/config-edit.js';
import { ConfigEditError } from '../../../config/config-error.js';
import { knownProvider, LOCAL_OLLAMA_URL } from '../../../config/known-providers.js';
import { normalizeOllamaHost } from '../../../config/ollama-host.js';
import { type ProviderFields, setProvider } from '../../../config/set-provider.js';
import { AZURE_API_VERSION_EXAMPLE } from '../../../llm/azure-provider.js';
import { askApiKey } from './ask-api-key.js';
import type { ProviderTarget } from './choose-provider.js';
import type { WizardContext } from './wizard-context.js';

const LOCAL_COMPATIBLE_URL = 'http://localhost:1234/v1';

/** Asks only what this provider needs to be reached: Ollama's mode and URL or key, a key, or a base URL. */
export async function askConnection(target: ProviderTarget, raw: RawGlobalConfig, ctx: WizardContext): Promise<ProviderFields> {
  const config = target.entry?.config;
  if (target.protocol === 'ollama') return askOllama(target, raw, ctx);
  if (target.protocol === 'azure') return askAzure(target, raw, ctx);
  const known = knownProvider(target.id);
  if (known) {
    return { apiKey: await askApiKey({ label: target.label, current: config?.api_key, variable: known.apiKeyVariable }, ctx) };
  }
  const baseUrl = await input({
    message: 'Base URL of the server',
    default: config?.base_url ?? config?.url ?? LOCAL_COMPATIBLE_URL,
    validate: (value) => problemWith(raw, target.id, { baseUrl: value }),
  });
  const apiKey = await askApiKey({ label: target.label, current: config?.api_key, optional: true }, ctx);
  return { baseUrl: baseUrl.trim(), apiKey };
}

async function askOllama(target: ProviderTarget, raw: RawGlobalConfig, ctx: WizardContext): Promise<ProviderFields> {
  const config = target.entry?.config;
  const mode = await select({
    message: 'Local Ollama or Ollama cloud?',
    choices: [
      { value: 'local' as const, name: 'Local (an Ollama server you run)' },
      { value: 'cloud' as const, name: 'Cloud (ollama.com, with an API key)' },
    ],
    default: config?.mode ?? 'local',
  });
  if (mode === 'cloud') {
    const apiKey = await askApiKey({ label: 'Ollama cloud', current: config?.api_key, variable: 'OLLAMA_API_KEY' }, ctx);
    return { mode, url: null, apiKey };
  }
  const fromEnv = ctx.env.OLLAMA_HOST?.trim();
  const url = await input({
    message: 'Ollama URL',
    default: config?.url ?? (fromEnv ? normalizeOllamaHost(fromEnv) : LOCAL_OLLAMA_URL),
    validate: (value) => problemWith(raw, target.id, { url: value }),
  });
  return { mode, url: url.trim() };
}

/** Azure's data plane lists no deployments: the endpoint, the deployment and its api-version are asked. */
async function askAzure(target: ProviderTarget, raw: RawGlobalConfig, ctx: WizardContext): Promise<ProviderFields> {
  const config = target.entry?.config;
  const baseUrl = await input({
    message: 'Endpoint of the Azure OpenAI resource (https://NAME.openai.azure.com)',
    default: config?.base_url ?? ctx.env.AZURE_OPENAI_ENDPOINT?.trim(),
    validate: (value) => problemWith(raw, target.id, { baseUrl: value }),
  });
  const deployment = await input({
    message: 'Deployment name',
    default: config?.deployment ?? undefined,
    validate: (value) => (value.trim() ? true : 'Enter the name of a deployment of the resource.'),
  });
  const apiVersion = await input({ message: 'API version', default: config?.api_version ?? AZURE_API_VERSION_EXAMPLE });
  const apiKey = await askApiKey({ label: target.label, current: config?.api_key, variable: 'AZURE_OPENAI_API_KEY' }, ctx);
  return { baseUrl: baseUrl.trim(), deployment: deployment.trim(), apiVersion: apiVersion.trim(), apiKey };
}

/** The wizard checks answers with the same rules as `falcon config set`. */
function problemWith(raw: RawGlobalConfig, id: string, fields: ProviderFields): string | true {
  if (!(fields.url ?? fields.baseUrl)?.trim()) return 'Enter a URL.';
  try {
    setProvider(raw, id, { model: 'any', ...fields });
    return true;
  } catch (error) {
    if (error instanceof ConfigEditError) return error.message.replace(`${id}: `, '');
    throw error;
  }
}
