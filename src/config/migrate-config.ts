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
const CURRENT_KEYS = ['default_provider', 'fallback', 'providers', 'retry'];
const NO_PROVIDER = 'the file names no provider to use it with (`provider: <name>`)';

export interface MigrationNote {
  /** The key in the old file. */
  path: KeyPath;
  message: string;
}

export interface MigratedConfig {
  /** The same settings in the current shape, ready for `saveGlobalConfig`. */
  config: Record<string, unknown>;
  /** Where a key of the new shape came from in the old file, so messages point at what the user wrote. */
  sourceOf(path: KeyPath): KeyPath;
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
  const config: Record<string, unknown> = {};
  const id = activeProvider(raw);

  for (const [key, value] of Object.entries(raw)) {
    if (!LEGACY_KEYS.includes(key)) config[key] = value; // left for validation to warn about
  }

  if (id) {
    const idSource: KeyPath = ['provider' in raw ? 'provider' : (flatKeyOf(raw, id) ?? 'provider')];
    config.default_provider = id;
    sources.set('default_provider', idSource);
    sources.set(formatKeyPath(['providers', id]), idSource);
    sources.set(formatKeyPath(['providers', id, 'model']), ['default_model']);
    config.providers = { [id]: { model: raw.default_model, config: providerSettings(raw, id, sources) } };
  }

  for (const [key, { provider }] of Object.entries(FLAT_PROVIDER_KEYS)) {
    if (!(key in raw) || provider === id) continue;
    const why = id
      ? `only the active provider (${id}) has a model; add ${provider} with \`falcon config\``
      : NO_PROVIDER;
    notes.push({ path: [key], message: `not carried over: ${why}` });
  }
  if (!id) {
    for (const key of ['provider', 'default_model', 'provider_config'].filter((k) => k in raw)) {
      const why = key === 'provider' ? 'expected the name of a provider' : NO_PROVIDER;
      notes.push({ path: [key], message: `not carried over: ${why}` });
    }
  }

  return { config, sourceOf: (path) => sourceOf(sources, path), notes };
}

/** `provider:`, or the one provider that flat keys mention when the file does not say. */
function activeProvider(raw: Record<string, unknown>): string | undefined {
  if ('provider' in raw) {
    return typeof raw.provider === 'string' ? raw.provider.trim().toLowerCase() || undefined : undefined;
  }
  const mentioned = new Set(
    Object.entries(FLAT_PROVIDER_KEYS)
      .filter(([key]) => key in raw)
      .map(([, { provider }]) => provider),
  );
  return mentioned.size === 1 ? [...mentioned][0] : undefined;
}

function flatKeyOf(raw: Record<string, unknown>, id: string): string | undefined {
  return Object.entries(FLAT_PROVIDER_KEYS).find(([key, { provider }]) => key in raw && provider === id)?.[0];
}

/** `provider_config` first, then the flat keys for the same provider where it leaves a gap. */
function providerSettings(raw: Record<string, unknown>, id: string, sources: Map<string, KeyPath>): unknown {
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
  for (const [key, { provider, field }] of Object.entries(FLAT_PROVIDER_KEYS)) {
    if (provider !== id || !(key in raw) || settings[field]) continue;
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
