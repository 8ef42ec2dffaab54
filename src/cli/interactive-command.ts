import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { openFolderSettings } from '../config/open-folder-settings.js';
import { styleFor } from '../kit/command/terminal-style.js';
import { VERSION } from '../version.js';
import { falconPath } from '../workspace/falcon-dir.js';
import type { MainOptions } from './main-options.js';
import { chosenPermissionMode } from './permission-mode-option.js';
import { UsageError } from '../kit/command/user-error.js';

/** `falcon` with no task: sets up what is missing on a first run, then opens the session. */
export async function runInteractiveCommand(options: MainOptions): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const permissionMode = chosenPermissionMode(options);
  const env = process.env;
  const hasTerminal = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const initialized = existsSync(falconPath(projectRoot));
  // The session reads the folder's settings again once the folder's trust is settled.
  const folder = await openFolderSettings(projectRoot, env);
  const globalConfig = folder.global.config;
  const configured = Object.keys(globalConfig.providers).length > 0;

  if (!hasTerminal) {
    if (!initialized) throw new UsageError('this project is not set up and there is no terminal to ask in; run: falcon init --yes');
    if (!configured) throw new UsageError('no model provider is configured; run: falcon config set <provider> --model <model> --default');
    throw new UsageError('the interactive session needs a terminal; run a task with: falcon -p "<task>"');
  }
  if (!initialized) {
    process.stdout.write('No .falcon/ folder here yet: first, a minute to set up this project.\n\n');
    const { runInit } = await import('./run-init.js');
    const code = await runInit({});
    if (code !== 0) return code;
  } else if (!configured) {
    process.stdout.write('No model provider is configured yet: first, one for Falcon to think with.\n\n');
    const { runConfigWizard } = await import('./config/wizard/run-config-wizard.js');
    if (!(await runConfigWizard({ env: folder.env, paint: styleFor(process.stdout) }))) return 1;
  }

  await (await import('./folder-trust-question.js')).askFolderTrust(projectRoot, env, globalConfig);
  const [{ runTui }, { applyTheme }] = await Promise.all([import('../tui/run-tui.js'), import('../tui/theme.js')]);
  applyTheme(globalConfig.theme, env);
  const dashboard = globalConfig.webUi?.enabled
    ? await (await import('./ui/dashboard-beside-session.js')).startDashboardBesideSession(projectRoot, globalConfig)
    : undefined;
  try {
    return await runTui({
      projectRoot,
      env,
      modelChoice: { provider: options.provider, model: options.model },
      maxTurns: options.maxTurns,
      resume: options.continue ? 'latest' : options.resume === true ? undefined : options.resume,
      chooseSession: options.resume === true,
      fork: options.fork,
      permissionMode,
      version: VERSION,
    });
  } finally {
    await dashboard?.close();
  }
}
