import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Env, falconHome, globalConfigPath } from '../../config/falcon-home.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import type { DynamicValueKind } from '../../kit/command/completion-values.js';

const YAML_FILE = /^(.+)\.ya?ml$/;

/** The names a completion offers for `kind`: the project's saved requests, flows or environments, the configured providers, or the custom commands. */
export async function completionNames(kind: DynamicValueKind, where: { cwd: string; env: Env }): Promise<string[]> {
  switch (kind) {
    case 'requests':
    case 'flows':
    case 'environments':
      return yamlFileNames(falconPath(where.cwd, kind));
    case 'providers':
      return (await import('./provider-names.js')).providerNames(globalConfigPath(where.env));
    case 'commands':
      return customCommandNames([falconPath(where.cwd, 'commands'), path.join(falconHome(where.env), 'commands')]);
  }
}

/** `/name` for each `<name>.md` of the custom command folders, the project's and the user's. */
async function customCommandNames(folders: readonly string[]): Promise<string[]> {
  const names = await Promise.all(folders.map((folder) => readdir(folder).catch(() => [])));
  return [...new Set(names.flat().flatMap((file) => (file.endsWith('.md') ? [`/${file.slice(0, -'.md'.length)}`] : [])))].sort();
}

/**
 * `listSavedNames` and `listEnvironments` of the workspace list the same, but their modules load
 * zod and yaml: some 30 ms on every Tab. (Provider names need yaml, and load it only then.)
 */
async function yamlFileNames(folder: string): Promise<string[]> {
  return (await readdir(folder)).flatMap((file) => YAML_FILE.exec(file)?.[1] ?? []).sort();
}
