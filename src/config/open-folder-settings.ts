import { type LoadedGlobalConfig, loadGlobalConfig } from './load-global-config.js';
import { readProjectDotEnv } from './project-dotenv.js';
import { isTrustedFolder } from './trusted-folders.js';

/** What Falcon runs with in a project folder: the global config, whether the folder is trusted, and what its `.env` adds. */
export interface FolderSettings {
  /** The global config, its provider keys taken from `env` (so from the `.env` only in a trusted folder). */
  global: LoadedGlobalConfig;
  trusted: boolean;
  /**
   * The environment `{{env:…}}` and provider keys are read from: Falcon's own, plus what the `.env`
   * adds. A new object: Falcon's own process environment is never changed.
   */
  env: NodeJS.ProcessEnv;
  /** What the `.env` adds, for the environment of the commands Falcon runs (hooks, bash). */
  dotEnv: Readonly<Record<string, string>>;
  /** The `.env`'s one warning, if anything in it was left out. */
  warnings: string[];
}

/**
 * Loads the global config from Falcon's own environment — never from the `.env`, which cannot choose
 * the config that says whether its folder is trusted — then reads the `.env` as that trust allows.
 */
export async function openFolderSettings(projectRoot: string, env: NodeJS.ProcessEnv): Promise<FolderSettings> {
  const own = await loadGlobalConfig({ env });
  const trusted = isTrustedFolder(own.config, projectRoot);
  const dotEnv = await readProjectDotEnv(projectRoot, env, { trusted, configPath: own.path });
  const added = Object.keys(dotEnv.variables).length > 0;
  const combined = added ? { ...env, ...dotEnv.variables } : { ...env };
  return {
    global: added ? await loadGlobalConfig({ env: combined }) : own,
    trusted,
    env: combined,
    dotEnv: dotEnv.variables,
    warnings: dotEnv.warning ? [dotEnv.warning] : [],
  };
}
