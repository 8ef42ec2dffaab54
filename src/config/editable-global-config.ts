import type { RawGlobalConfig } from './config-edit.js';
import { type Env, globalConfigPath } from './falcon-home.js';
import type { GlobalConfigFile } from './global-config-schema.js';
import { readGlobalConfigFile } from './read-global-config-file.js';

export interface EditableGlobalConfig {
  path: string;
  exists: boolean;
  /** The file in the current shape, unknown keys included, ready for the edit functions. */
  raw: RawGlobalConfig;
  data: GlobalConfigFile;
  /** It came from the earlier Go Falcon: saving writes it in the current format. */
  migrated: boolean;
  /** Formatted `file:line: key: message` lines worth showing, none of them fatal. */
  warnings: string[];
}

/**
 * Opens `~/.falcon/config.yaml` for editing, with the loader's own checks: a file the loader would
 * refuse throws its ConfigError (file, line, key) before anything can be written over it.
 */
export async function openGlobalConfigForEdit({ env, home }: { env: Env; home?: string }): Promise<EditableGlobalConfig> {
  const path = globalConfigPath(env, home);
  const contents = await readGlobalConfigFile(path);
  if (!contents) return { path, exists: false, raw: {}, data: {}, migrated: false, warnings: [] };
  const value = contents.file.value;
  return {
    path,
    exists: true,
    raw: value !== null && typeof value === 'object' ? structuredClone(value as RawGlobalConfig) : {},
    data: contents.data,
    migrated: contents.migrated,
    warnings: contents.warnings,
  };
}
