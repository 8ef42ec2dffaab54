import { stat } from 'node:fs/promises';
import { ConfigError, type ConfigProblem, formatConfigProblem } from './config-error.js';
import { displayPath } from './falcon-home.js';
import { type GlobalConfigFile, globalConfigSchema } from './global-config-schema.js';
import { isLegacyConfig, migrateLegacyConfig, type MigratedConfig } from './migrate-config.js';
import { providerProtocol } from './resolve-provider.js';
import { problemAt, validateConfig } from './validate-config.js';
import { type KeyPath, readYamlFile, type YamlFile } from './yaml-file.js';

export interface GlobalConfigFileContents {
  /** The file in the current shape (migrated when it came from the Go Falcon), unknown keys included. */
  file: YamlFile;
  /** The validated settings, unknown keys left out. */
  data: GlobalConfigFile;
  /** Written by the earlier Go Falcon and read through the migration. */
  migrated: boolean;
  /** Formatted `file:line: key: message` lines worth showing, none of them fatal. */
  warnings: string[];
}

export interface ReadGlobalConfigOptions {
  /** Warn when the file holds API keys that other users can read (default); `falcon doctor` says it its own way. */
  modeWarning?: boolean;
}

/**
 * Reads and validates `~/.falcon/config.yaml`; `undefined` when it does not exist. A file that cannot
 * be used throws a ConfigError naming file, line and key, and is left untouched.
 */
export async function readGlobalConfigFile(path: string, options: ReadGlobalConfigOptions = {}): Promise<GlobalConfigFileContents | undefined> {
  const read = await readYamlFile(path, displayPath(path));
  if (!read) return undefined;
  const { file, warnings: migrationWarnings } = inCurrentShape(read);
  const { data, warnings } = validateConfig(file, globalConfigSchema);
  checkProviderNames(file, data);
  return {
    file,
    data,
    migrated: file !== read,
    warnings: [...migrationWarnings, ...warnings, ...ignoredOllamaKeys(file, data), ...(options.modeWarning === false ? [] : await exposedKeys(path, data))],
  };
}

/** Reads a file from the earlier Go Falcon as the current shape, with messages still pointing at its keys. */
function inCurrentShape(file: YamlFile): { file: YamlFile; warnings: string[] } {
  if (!isLegacyConfig(file.value)) return { file, warnings: [] };
  const migrated = migrateLegacyConfig(file.value);
  const notes = migrated.notes.map((note) => problemAt(file, note.path, note.message));
  return {
    file: { ...file, value: migrated.config, locate: (path) => file.locate(migrated.sourceOf(path)) },
    warnings: [migrationNotice(file.displayPath, migrated), ...notes.map((note) => formatConfigProblem(file.displayPath, note))],
  };
}

function migrationNotice(shownPath: string, migrated: MigratedConfig): string {
  const notice = `${shownPath}: written by an earlier Falcon; read in the current format (\`falcon config\` saves it so; until then the file is unchanged)`;
  if (migrated.assumedModels.length === 0) return notice;
  const assumed = migrated.assumedModels.map(({ id, model }) => `${id} (model ${model})`).join(', ');
  return `${notice}; kept ${assumed}, set another model with \`falcon config set <provider> --model <name>\``;
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
  for (const category of ['quick', 'deep'] as const) {
    const provider = data.models?.[category]?.provider;
    if (provider) check(provider, ['models', category, 'provider']);
  }
  if (problems.length > 0) throw new ConfigError(file.displayPath, problems);
}

const OLLAMA_ONLY_KEYS = ['mode', 'num_ctx'] as const;

function ignoredOllamaKeys(file: YamlFile, data: GlobalConfigFile): string[] {
  return Object.entries(data.providers ?? {})
    .filter(([id, entry]) => providerProtocol(id, entry) !== 'ollama')
    .flatMap(([id, entry]) => OLLAMA_ONLY_KEYS.filter((key) => entry.config?.[key] != null).map((key) => ['providers', id, 'config', key]))
    .map((path) => problemAt(file, path, 'applies only to Ollama providers, ignored'))
    .map((problem) => formatConfigProblem(file.displayPath, problem));
}

/** The file is kept at 0600 (docs/ARCHITECTURE.md, "Configuration"); say so when it holds API keys others can read. */
async function exposedKeys(path: string, data: GlobalConfigFile): Promise<string[]> {
  if (process.platform === 'win32') return [];
  if (!Object.values(data.providers ?? {}).some((entry) => entry.config?.api_key?.trim())) return [];
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o077) === 0) return [];
  const shown = displayPath(path);
  return [`${shown}: holds API keys that other users can read (mode ${mode.toString(8)}); run: chmod 600 ${shown}`];
}
