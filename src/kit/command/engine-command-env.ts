import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../config/config-error.js';
import { openFolderSettings } from '../../config/open-folder-settings.js';
import { terminalSafeText } from '../../safety/terminal-text.js';

/**
 * The environment an engine command (`falcon test`, `flow run`, `perf`, `scan`, `-r`) fills
 * `{{env:…}}` from: Falcon's own, plus what a trusted folder's `.env` adds. What the `.env` was refused
 * is one warning on stderr. A global config that cannot be read stops no test: the `.env` is then not
 * used, and a warning says why when there is one.
 */
export async function engineCommandEnv(projectRoot: string): Promise<NodeJS.ProcessEnv> {
  const warn = (text: string) => process.stderr.write(`falcon: warning: ${terminalSafeText(text)}\n`);
  try {
    const folder = await openFolderSettings(projectRoot, process.env);
    folder.warnings.forEach(warn);
    return folder.env;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (existsSync(path.join(projectRoot, '.env')))
      warn(`The project's .env was not used: whether this folder is trusted is unknown, as the global config cannot be read: ${error.message}`);
    return { ...process.env };
  }
}
