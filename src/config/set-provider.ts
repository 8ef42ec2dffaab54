import { type ConfigEdit, finishEdit, providerEntries, type RawGlobalConfig } from './config-edit.js';
import { ConfigEditError } from './config-error.js';
import type { ProviderEntry } from './global-config-schema.js';
import { KNOWN_PROVIDERS, knownProvider } from './known-providers.js';
import { normalizeOllamaHost } from './ollama-host.js';
import { providerProtocol } from './resolve-provider.js';
import type { ProviderProtocol } from './types.js';

/** What `falcon config set` and the wizard may change in one provider entry; absent fields stay as they are. */
export interface ProviderFields {
  model?: string;
  /** `null` (or empty) removes the saved key, so the environment variable applies again. */
  apiKey?: string | null;
  /** Ollama's server. `null` removes it. */
  url?: string | null;
  /** An OpenAI-compatible server's base URL. `null` removes it. */
  baseUrl?: string | null;
  mode?: 'local' | 'cloud';
  /** `context_window`, in tokens. `null` removes it, so the window is learned from the server alone. */
  contextWindow?: number | null;
  /** Ollama's `num_ctx`, in tokens. `null` removes it, so Falcon asks for at most 32,768. */
  numCtx?: number | null;
  /** `timeout_s`, in seconds. `null` removes it, so the default for a local or remote server applies. */
  timeoutS?: number | null;
  /** Azure: the deployment called and the `api-version` of its requests. `null` removes them. */
  deployment?: string | null;
  apiVersion?: string | null;
  /** `tool_protocol`; `text`, the default, removes it. */
  toolProtocol?: 'text' | 'native' | 'auto';
}

const PROVIDER_ID = /^[a-z0-9][a-z0-9._-]*$/i;
const CONFIG_FIELDS = { apiKey: 'api_key', url: 'url', baseUrl: 'base_url', deployment: 'deployment', apiVersion: 'api_version' } as const;
const NUMBER_FIELDS = { contextWindow: 'context_window', numCtx: 'num_ctx', timeoutS: 'timeout_s' } as const;

/**
 * Adds or updates `providers.<id>`. A known provider starts with its usual model; another name is an
 * OpenAI-compatible server and needs a base URL and a model. The first provider becomes the default.
 */
export function setProvider(raw: RawGlobalConfig, id: string, fields: ProviderFields): ConfigEdit {
  if (!isValidProviderId(id)) {
    throw new ConfigEditError(`"${id}" cannot name a provider: use letters, digits, ".", "_" and "-"`);
  }
  const edited = structuredClone(raw);
  const providers = providerEntries(edited);
  const existing = providers[id] as ProviderEntry | undefined;
  const protocol = existing ? providerProtocol(id, existing) : newProtocol(id, fields);
  checkFieldsFit(id, protocol, fields);

  const notes: string[] = [];
  // An Azure deployment is named after its model more often than not.
  const model = fields.model ?? existing?.model ?? (fields.deployment?.trim() || undefined) ?? knownProvider(id)?.defaultModel;
  if (model === undefined) throw new ConfigEditError(`${id} is a new provider: give the model to use`);
  const config: Record<string, unknown> = { ...existing?.config };
  for (const [field, key] of Object.entries(CONFIG_FIELDS)) {
    const value = fields[field as keyof typeof CONFIG_FIELDS];
    if (value === undefined) continue;
    if (value === null || value.trim() === '') delete config[key];
    else config[key] = value.trim();
  }
  for (const [field, key] of Object.entries(NUMBER_FIELDS)) {
    const value = fields[field as keyof typeof NUMBER_FIELDS];
    if (value === null) delete config[key];
    else if (value !== undefined) config[key] = value;
  }
  if (fields.toolProtocol === 'text') delete config.tool_protocol;
  else if (fields.toolProtocol) {
    config.tool_protocol = fields.toolProtocol;
    const when = fields.toolProtocol === 'auto' ? ' when the model takes tools' : '';
    notes.push(`${id} gets its tools through its own tool API${when}; falcon config test ${id} tries a call`);
  }
  if (fields.mode) {
    config.mode = fields.mode;
    if (fields.mode === 'cloud' && fields.url === undefined && config.url) {
      delete config.url;
      notes.push(`Removed the url of ${id}: Ollama cloud is reached at https://ollama.com`);
    }
  }

  if (typeof fields.contextWindow === 'number') {
    notes.push(`${id} works within at most ${tokens(fields.contextWindow)}; a smaller window its server names still wins`);
  }
  if (typeof fields.numCtx === 'number') {
    notes.push(`Ollama will run ${model.trim()} with num_ctx ${tokens(fields.numCtx)}, or the model's own window when that is smaller`);
  }
  if (typeof fields.timeoutS === 'number') {
    notes.push(`A call to ${id} fails, and is retried, after ${fields.timeoutS} s without a byte from the server`);
  }

  const entry: Record<string, unknown> = { ...existing, model: model.trim() };
  if (Object.keys(config).length > 0) entry.config = config;
  else delete entry.config;
  edited.providers = { ...providers, [id]: entry };
  if (!edited.default_provider) {
    edited.default_provider = id;
    notes.push(`${id} is now the default provider`);
  }
  return finishEdit(edited, notes);
}

export function isValidProviderId(id: string): boolean {
  return PROVIDER_ID.test(id);
}

function newProtocol(id: string, fields: ProviderFields): ProviderProtocol {
  const known = knownProvider(id);
  if (known) return known.protocol;
  if (fields.baseUrl) return 'openai';
  const names = KNOWN_PROVIDERS.map((provider) => provider.id).join(', ');
  throw new ConfigEditError(`"${id}" is not a provider Falcon knows (${names}); for an OpenAI-compatible server, give its base URL`);
}

function checkFieldsFit(id: string, protocol: ProviderProtocol, fields: ProviderFields): void {
  if (protocol === 'ollama' && fields.baseUrl) {
    throw new ConfigEditError(`${id}: base_url is for OpenAI-compatible servers; an Ollama provider takes url`);
  }
  if (protocol !== 'ollama' && fields.url) {
    throw new ConfigEditError(`${id}: url is for Ollama; ${protocolName(protocol)} provider takes base_url`);
  }
  if (protocol !== 'azure' && (fields.deployment || fields.apiVersion)) {
    throw new ConfigEditError(`${id}: deployment and api_version apply only to Azure OpenAI`);
  }
  if (protocol !== 'ollama' && fields.mode) throw new ConfigEditError(`${id}: mode (local or cloud) applies only to Ollama`);
  if (protocol !== 'ollama' && typeof fields.numCtx === 'number') {
    throw new ConfigEditError(`${id}: num_ctx applies only to Ollama; set the window of an OpenAI-compatible server with context_window`);
  }
  if (fields.url && !URL.canParse(normalizeOllamaHost(fields.url))) {
    throw new ConfigEditError(`${id}: url "${fields.url}" is not a URL (for example http://localhost:11434)`);
  }
  if (fields.baseUrl && !isHttpUrl(fields.baseUrl.trim())) {
    throw new ConfigEditError(`${id}: base_url "${fields.baseUrl}" is not an http(s) URL (for example http://localhost:1234/v1)`);
  }
}

function protocolName(protocol: ProviderProtocol): string {
  return protocol === 'anthropic' ? 'an Anthropic' : 'an OpenAI-compatible';
}

function tokens(count: number): string {
  return `${count.toLocaleString('en-US')} tokens`;
}

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
}
