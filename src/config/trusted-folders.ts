import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isSeq } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument } from '../safety/bounded-yaml.js';
import { withFileLock } from '../safety/file-lock.js';
import { type Env, configFileOverride, globalConfigPath } from './falcon-home.js';
import { readGlobalConfigFile } from './read-global-config-file.js';
import { saveGlobalConfig } from './save-global-config.js';
import type { FalconConfig } from './types.js';

/** Whether `trusted_folders` names this folder (an absolute, real path) itself. */
export function isTrustedFolder(config: FalconConfig, folder: string): boolean {
  return (config.trustedFolders ?? []).some((entry) => resolve(entry) === folder);
}

/**
 * Adds the folder to `trusted_folders` in the global config, keeping the file's comments and the
 * order of its keys. A file the loader would refuse throws its ConfigError and is left as it was.
 */
export async function trustFolder(env: Env, folder: string): Promise<void> {
  const path = globalConfigPath(env);
  await withFileLock(path, () => addTrustedFolder(env, path, folder), { folderMode: 0o700 });
}

async function addTrustedFolder(env: Env, path: string, folder: string): Promise<void> {
  const contents = await readGlobalConfigFile(path, { modeWarning: false });
  const options = { keepFolderMode: configFileOverride(env) !== undefined };
  if (contents?.data.trusted_folders?.includes(folder)) return;
  if (contents?.migrated) {
    // Written by the Go Falcon: saved in the current format, as `falcon config` would.
    const raw = structuredClone(contents.file.value) as Record<string, unknown>;
    raw.trusted_folders = [...(contents.data.trusted_folders ?? []), folder];
    return saveGlobalConfig(path, raw, options);
  }
  const document = parseBoundedDocument(contents ? await readFile(path, 'utf8') : '', { limits: FILE_YAML_LIMITS });
  const list = document.get('trusted_folders', true);
  if (isSeq(list)) list.add(document.createNode(folder));
  else document.set('trusted_folders', document.createNode([folder]));
  await saveGlobalConfig(path, document, options);
}
