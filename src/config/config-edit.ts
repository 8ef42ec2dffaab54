import { ConfigEditError, ConfigError } from './config-error.js';
import { defaultProviderId } from './default-provider-id.js';
import { type GlobalConfigFile, globalConfigSchema } from './global-config-schema.js';
import { validateConfig } from './validate-config.js';
import { formatKeyPath } from './yaml-file.js';

/** `~/.falcon/config.yaml` as plain data in the current shape, unknown keys kept as the user wrote them. */
export type RawGlobalConfig = Record<string, unknown>;

/** What every edit returns: the edited copy, already validated, and what it changed besides what was asked. */
export interface ConfigEdit {
  raw: RawGlobalConfig;
  data: GlobalConfigFile;
  /** Sentences without their full stop, e.g. "openai was the default provider; the default is now ollama". */
  notes: string[];
}

/** The provider entries of a file that passed validation, as mutable mappings. */
export function providerEntries(raw: RawGlobalConfig): Record<string, Record<string, unknown>> {
  return (raw.providers ?? {}) as Record<string, Record<string, unknown>>;
}

export function configuredIds(raw: RawGlobalConfig): string[] {
  return Object.keys(providerEntries(raw));
}

export function requireConfigured(raw: RawGlobalConfig, id: string): void {
  const configured = configuredIds(raw);
  if (configured.includes(id)) return;
  const known = configured.length > 0 ? `configured: ${configured.join(', ')}` : 'no providers are configured';
  throw new ConfigEditError(`"${id}" is not a configured provider (${known})`);
}

/** The default provider when the fallback order names it too (retrying the same provider is no fallback). */
export function ownFallback(raw: RawGlobalConfig): string | undefined {
  const fallback = raw.fallback;
  if (!Array.isArray(fallback)) return undefined;
  const id = defaultProviderId(typeof raw.default_provider === 'string' ? raw.default_provider : undefined, configuredIds(raw));
  return id !== undefined && fallback.includes(id) ? id : undefined;
}

const TOP_LEVEL_ORDER = ['default_provider', 'fallback', 'providers', 'retry', 'hooks', 'permissions', 'trusted_folders', 'mcp_servers'];

/**
 * Checks an edited copy against the loader's schema; unknown keys stay, as they were only warned
 * about. A provider is never left as its own fallback: the default (the only provider, when none is
 * named) is taken out of the fallback order, and the notes say so. The top-level keys are put in the order docs/ARCHITECTURE.md ("Configuration") gives them, so the file reads the same however made.
 */
export function finishEdit(edited: RawGlobalConfig, notes: string[] = []): ConfigEdit {
  const known = TOP_LEVEL_ORDER.filter((key) => key in edited).map((key) => [key, edited[key]] as const);
  const raw: RawGlobalConfig = Object.fromEntries([...known, ...Object.entries(edited).filter(([key]) => !TOP_LEVEL_ORDER.includes(key))]);
  const own = ownFallback(raw);
  if (own !== undefined) {
    const others = (raw.fallback as string[]).filter((id) => id !== own);
    if (others.length > 0) raw.fallback = others;
    else delete raw.fallback;
    notes = [...notes, `Removed ${own} from the fallback order: it is the default provider`];
  }
  const unplaced = { displayPath: '', value: raw, locate: (path: readonly (string | number)[]) => ({ key: formatKeyPath(path) }) };
  try {
    const { data } = validateConfig(unplaced, globalConfigSchema);
    for (const id of [data.default_provider, ...(data.fallback ?? [])]) if (id) requireConfigured(raw, id);
    return { raw, data, notes };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigEditError(error.problems.map((problem) => `${problem.key}: ${problem.message}`).join('\n'));
  }
}
