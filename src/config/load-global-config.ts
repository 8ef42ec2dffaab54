import { stat } from 'node:fs/promises';
import { ConfigError, type ConfigProblem, formatConfigProblem } from './config-error.js';
import { displayPath, type Env, globalConfigPath } from './falcon-home.js';
import { type GlobalConfigFile, globalConfigSchema } from './global-config-schema.js';
import { isLegacyConfig, migrateLegacyConfig } from './migrate-config.js';
import { providerProtocol, resolveProvider } from './resolve-provider.js';
import { DEFAULT_RETRY_DELAYS_MS, type FalconConfig, type ProviderSettings } from './types.js';
import { problemAt, validateConfig } from './validate-config.js';
import { type KeyPath, readYamlFile, type YamlFile } from './yaml-file.js';

export interface LoadGlobalConfigOptions {
  env: Env;
  /** Falcon's folder; `falconHome(env)` when absent. */
  home?: string;
}

export interface LoadedGlobalConfig {
  config: FalconConfig;
  path: string;
  exists: boolean;
  /** Formatted `file:line: key: message` lines worth showing, none of them fatal. */
  warnings: string[];
}

/**
 * Reads `~/.falcon/config.yaml`. A missing file is an empty configuration; providers are never
 * invented from environment variables alone, the caller explains what to configure. A file that
 * cannot be used throws a ConfigError and is left untouched.
 */
export async function loadGlobalConfig({ env, home }: LoadGlobalConfigOptions): Promise<LoadedGlobalConfig> {
  const path = globalConfigPath(env, home);
  const read = await readYamlFile(path, displayPath(path));
  if (!read) {
    const config = { fallback: [], providers: {}, retry: { delaysMs: [...DEFAULT_RETRY_DELAYS_MS] } };
    return { config, path, exists: false, warnings: [] };
  }
  const { file, warnings: migrationWarnings } = inCurrentShape(read);
  const { data, warnings } = validateConfig(file, globalConfigSchema);
  checkProviderNames(file, data);
  return {
    config: resolveConfig(data, env),
    path,
    exists: true,
    warnings: [...migrationWarnings, ...warnings, ...ignoredModes(file, data), ...(await exposedKeys(path, data))],
  };
}

/** DESIGN §4 keeps the file at 0600; say so when it holds API keys others can read. */
async function exposedKeys(path: string, data: GlobalConfigFile): Promise<string[]> {
  if (process.platform === 'win32') return [];
  if (!Object.values(data.providers ?? {}).some((entry) => entry.config?.api_key?.trim())) return [];
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o077) === 0) return [];
  const shown = displayPath(path);
  return [`${shown}: holds API keys that other users can read (mode ${mode.toString(8)}); run: chmod 600 ${shown}`];
}

/** Reads a file from the earlier Go Falcon as the current shape, with messages still pointing at its keys. */
function inCurrentShape(file: YamlFile): { file: YamlFile; warnings: string[] } {
  if (!isLegacyConfig(file.value)) return { file, warnings: [] };
  const migrated = migrateLegacyConfig(file.value);
  const notes = migrated.notes.map((note) => problemAt(file, note.path, note.message));
  return {
    file: { ...file, value: migrated.config, locate: (path) => file.locate(migrated.sourceOf(path)) },
    warnings: [
      `${file.displayPath}: written by an earlier Falcon; read in the current format (the file itself is unchanged)`,
      ...notes.map((note) => formatConfigProblem(file.displayPath, note)),
    ],
  };
}

function checkProviderNames(file: YamlFile, data: GlobalConfigFile): void {
  const configured = Object.keys(data.providers ?? {});
  const known = configured.length > 0 ? `configured: ${configured.join(', ')}` : 'no providers are configured';
  const problems: ConfigProblem[] = [];
  const check = (name: string, path: KeyPath) => {
    if (configured.includes(name)) return;
    problems.push(problemAt(file, path, `"${name}" is not a configured provider (${known})`));
  };
  if (data.default_provider) check(data.default_provider, ['default_provider']);
  data.fallback?.forEach((name, index) => check(name, ['fallback', index]));
  if (problems.length > 0) throw new ConfigError(file.displayPath, problems);
}

function ignoredModes(file: YamlFile, data: GlobalConfigFile): string[] {
  return Object.entries(data.providers ?? {})
    .filter(([id, entry]) => entry.config?.mode && providerProtocol(id, entry) !== 'ollama')
    .map(([id]) => problemAt(file, ['providers', id, 'config', 'mode'], 'applies only to Ollama providers, ignored'))
    .map((problem) => formatConfigProblem(file.displayPath, problem));
}

function resolveConfig(data: GlobalConfigFile, env: Env): FalconConfig {
  const providers: Record<string, ProviderSettings> = {};
  for (const [id, entry] of Object.entries(data.providers ?? {})) providers[id] = resolveProvider(id, entry, env);
  return {
    ...(data.default_provider && { defaultProvider: data.default_provider }),
    fallback: data.fallback ?? [],
    providers,
    retry: { delaysMs: data.retry?.delays_ms ?? [...DEFAULT_RETRY_DELAYS_MS] },
  };
}
