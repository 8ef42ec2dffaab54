import { knownProvider } from './known-providers.js';
import { formatKeyPath, type KeyPath } from './yaml-file.js';

// The earlier Go Falcon wrote one active provider at the top level:
//   provider: ollama
//   default_model: llama3.2
//   provider_config: {mode: local, url: "http://localhost:11434"}
// and, in older files still, flat keys such as `ollama_url` or `openai_api_key`.
const FLAT_PROVIDER_KEYS: Record<string, { provider: string; field: string }> = {
  ollama_url: { provider: 'ollama', field: 'url' },
  ollama_api_key: { provider: 'ollama', field: 'api_key' },
  openrouter_api_key: { provider: 'openrouter', field: 'api_key' },
  gemini_api_key: { provider: 'gemini', field: 'api_key' },
  openai_api_key: { provider: 'openai', field: 'api_key' },
};
const LEGACY_KEYS = ['provider', 'default_model', 'provider_config', ...Object.keys(FLAT_PROVIDER_KEYS)];
const CURRENT_KEYS = ['default_provider', 'fallback', 'providers', 'retry', 'models'];
const NO_PROVIDER = 'the file names no provider to use it with (`provider: <name>`)';

export interface MigrationNote {
  /** The key in the old file. */
  path: KeyPath;
  message: string;
}

/** A provider the old file named no model for, given the usual model of that provider. */
export interface AssumedModel {
  id: string;
  model: string;
}

export interface MigratedConfig {
  /** The same settings in the current shape, ready for `saveGlobalConfig`. */
  config: Record<string, unknown>;
  /** Where a key of the new shape came from in the old file, so messages point at what the user wrote. */
  sourceOf(path: KeyPath): KeyPath;
  /** Providers kept from flat keys alone, with the model they were given. */
  assumedModels: AssumedModel[];
  /** Old keys that have no place in the new shape. */
  notes: MigrationNote[];
}

/** A file in the old shape: old keys and none of the current top-level ones. */
export function isLegacyConfig(raw: unknown): raw is Record<string, unknown> {
  if (!isMapping(raw)) return false;
  return LEGACY_KEYS.some((key) => key in raw) && !CURRENT_KEYS.some((key) => key in raw);
}

export function migrateLegacyConfig(raw: Record<string, unknown>): MigratedConfig {
  const sources = new Map<string, KeyPath>();
  const notes: MigrationNote[] = [];
  const assumedModels: AssumedModel[] = [];
  const config: Record<string, unknown> = {};
  const providers: Record<string, unknown> = {};
  const id = activeProvider(raw);

  for (const [key, value] of Object.entries(raw)) {
    if (!LEGACY_KEYS.includes(key)) config[key] = value; // left for validation to warn about
  }

  if (id) {
    const idSource: KeyPath = ['provider' in raw ? 'provider' : (flatKeysOf(raw, id)[0] ?? 'provider')];
    config.default_provider = id;
    sources.set('default_provider', idSource);
    sources.set(formatKeyPath(['providers', id]), idSource);
    sources.set(formatKeyPath(['providers', id, 'model']), ['default_model']);
    let model = raw.default_model;
    if (model === undefined && !('provider' in raw)) {
      model = knownProvider(id)?.defaultModel;
      if (typeof model === 'string') assumedModels.push({ id, model });
    }
    providers[id] = { model, config: providerSettings(raw, id, sources, notes) };
  } else {
    for (const key of ['provider', 'default_model', 'provider_config'].filter((k) => k in raw)) {
      const why = key === 'provider' ? 'expected the name of a provider' : NO_PROVIDER;
      notes.push({ path: [key], message: `not carried over: ${why}` });
    }
  }

  for (const other of mentionedProviders(raw).filter((provider) => provider !== id)) {
    const model = knownProvider(other)!.defaultModel; // every flat key belongs to a known provider
    const settings: Record<string, unknown> = {};
    for (const key of flatKeysOf(raw, other)) {
      const { field } = FLAT_PROVIDER_KEYS[key]!;
      settings[field] = raw[key];
      sources.set(formatKeyPath(['providers', other, 'config', field]), [key]);
    }
    sources.set(formatKeyPath(['providers', other]), [flatKeysOf(raw, other)[0]!]);
    providers[other] = { model, config: settings };
    assumedModels.push({ id: other, model });
  }

  if (Object.keys(providers).length > 0) config.providers = providers;
  return { config, sourceOf: (path) => sourceOf(sources, path), assumedModels, notes };
}

/**
 * `provider:`; else the one provider that flat keys mention; else Ollama when it is among them,
 * since the first Falcon, whose files have only flat keys, spoke only to Ollama.
 */
function activeProvider(raw: Record<string, unknown>): string | undefined {
  if ('provider' in raw) {
    return typeof raw.provider === 'string' ? raw.provider.trim().toLowerCase() || undefined : undefined;
  }
  const mentioned = mentionedProviders(raw);
  if (mentioned.length === 1) return mentioned[0];
  return mentioned.includes('ollama') ? 'ollama' : undefined;
}

/** In the order the file mentions them. */
function mentionedProviders(raw: Record<string, unknown>): string[] {
  const mentioned = Object.keys(raw).flatMap((key) => FLAT_PROVIDER_KEYS[key]?.provider ?? []);
  return [...new Set(mentioned)];
}

function flatKeysOf(raw: Record<string, unknown>, id: string): string[] {
  return Object.entries(FLAT_PROVIDER_KEYS)
    .filter(([key, { provider }]) => key in raw && provider === id)
    .map(([key]) => key);
}

/** `provider_config` first, then the flat keys for the same provider where it leaves a gap. */
function providerSettings(raw: Record<string, unknown>, id: string, sources: Map<string, KeyPath>, notes: MigrationNote[]): unknown {
  const configPath = formatKeyPath(['providers', id, 'config']);
  const given = raw.provider_config;
  if (given !== undefined && given !== null && !isMapping(given)) {
    sources.set(configPath, ['provider_config']);
    return given; // validation reports that it is not a mapping
  }
  const isOllama = id === 'ollama' || given?.type === 'ollama';
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given ?? {})) {
    const field = key === 'url' && !isOllama ? 'base_url' : key;
    settings[field] = value;
    sources.set(formatKeyPath(['providers', id, 'config', field]), ['provider_config', key]);
  }
  for (const key of flatKeysOf(raw, id)) {
    const { field } = FLAT_PROVIDER_KEYS[key]!;
    if (settings[field]) {
      notes.push({ path: [key], message: `not carried over: provider_config sets ${field} too, and wins` });
      continue;
    }
    settings[field] = raw[key];
    sources.set(formatKeyPath(['providers', id, 'config', field]), [key]);
  }
  if (given) sources.set(configPath, ['provider_config']);
  return Object.keys(settings).length > 0 ? settings : undefined;
}

function sourceOf(sources: Map<string, KeyPath>, path: KeyPath): KeyPath {
  for (let length = path.length; length > 0; length--) {
    const source = sources.get(formatKeyPath(path.slice(0, length)));
    if (source) return [...source, ...path.slice(length)];
  }
  return path;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
