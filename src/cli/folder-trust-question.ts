import { confirm } from '@inquirer/prompts';
import { loadProjectConfig } from '../config/load-project-config.js';
import { readProjectDotEnv } from '../config/project-dotenv.js';
import { settingsNeedingTrust } from '../config/project-trust-settings.js';
import { isTrustedFolder, trustFolder } from '../config/trusted-folders.js';
import type { FalconConfig } from '../config/types.js';
import { styleFor } from '../kit/command/terminal-style.js';
import { terminalSafeText } from '../safety/terminal-text.js';

/**
 * Before an interactive session: when the project's `.falcon/config.yaml` has settings that run
 * commands or approve calls (hooks, allow rules, MCP servers, the API's server command), or its
 * `.env` has variables Falcon would pass on, and the folder is not trusted yet, shows them and asks
 * whether to trust the folder. A yes is recorded in `trusted_folders`; a no (or Ctrl-C) leaves them
 * ignored for this session, and the question comes again next time.
 */
export async function askFolderTrust(projectRoot: string, env: NodeJS.ProcessEnv, global: FalconConfig): Promise<void> {
  if (isTrustedFolder(global, projectRoot)) return;
  const settings = settingsNeedingTrust((await loadProjectConfig(projectRoot)).config);
  // What trust would let through: the names the .env may set at all, and the shell has not.
  const dotEnv = Object.keys((await readProjectDotEnv(projectRoot, env, { trusted: true, configPath: '' })).variables);
  if (settings.length === 0 && dotEnv.length === 0) return;
  const paint = styleFor(process.stdout);
  const lines = settings.map((setting) => `  ${paint('dim', `${setting.key}:`)} ${terminalSafeText(setting.value)}`);
  const parts = [
    ...(settings.length > 0
      ? [
          `${paint('bold', `${terminalSafeText(projectRoot)}/.falcon/config.yaml`)} has settings that run commands or approve tool calls:\n${lines.join('\n')}\n`,
        ]
      : []),
    ...(dotEnv.length > 0
      ? [
          `${paint('bold', `${terminalSafeText(projectRoot)}/.env`)} sets variables for the commands Falcon runs, {{env:…}} and model keys:\n  ${terminalSafeText(dotEnv.join(', '))}\n`,
        ]
      : []),
  ];
  process.stdout.write(
    `${parts.join('')}Anyone who can commit to this repository can change them. Without trust they are ignored (deny rules always apply)${settings.some((setting) => setting.key === 'server.command') ? ', and the server command is asked about each time before it runs' : ''}.\n`,
  );
  const trusted = await confirm({ message: "Trust this folder's Falcon settings?", default: false }).catch((error: Error) => {
    if (error.name === 'ExitPromptError') return false;
    throw error;
  });
  if (trusted) await trustFolder(env, projectRoot);
}
