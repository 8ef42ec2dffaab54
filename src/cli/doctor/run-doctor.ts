import { realpath } from 'node:fs/promises';
import type { Env } from '../../config/falcon-home.js';
import { openFolderSettings } from '../../config/open-folder-settings.js';
import { styleFor } from '../../kit/command/terminal-style.js';
import { loadDefaultTools } from '../../agent/default-tools.js';
import { VERSION } from '../../version.js';
import { checkCheckpoints } from './check-checkpoints.js';
import { checkGlobalConfig } from './check-global-config.js';
import { checkNodeVersion } from './check-node-version.js';
import { checkProject } from './check-project.js';
import { checkProviders } from './check-providers.js';
import { checkSearch } from './check-search.js';
import { checkTerminal } from './check-terminal.js';
import type { DoctorCheck } from './doctor-check.js';
import { formatDoctorJson, formatDoctorReport } from './format-doctor-report.js';

export interface DoctorOptions {
  json?: boolean;
  /** `--require-model`: fail when no model provider is configured (else a warning: the engines work without one). */
  requireModel?: boolean;
}

/** `falcon doctor [--json] [--require-model]`: every check at once, printed in a fixed order. Exit 1 when one failed; warnings pass. */
export async function runDoctor(options: DoctorOptions): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  // Keys a session would read from a trusted folder's .env count here too; a config that cannot be
  // read is the global config's check to report.
  const env = await openFolderSettings(projectRoot, process.env).then(
    (folder) => folder.env,
    () => process.env,
  );
  const checks = await runChecks(projectRoot, env, options);
  process.stdout.write(options.json ? formatDoctorJson(checks, VERSION) : formatDoctorReport(checks, VERSION, styleFor(process.stdout)));
  return checks.some((check) => check.status === 'fail') ? 1 : 0;
}

async function runChecks(projectRoot: string, env: Env, options: DoctorOptions): Promise<DoctorCheck[]> {
  const toolNames = (await loadDefaultTools()).map((tool) => tool.name);
  const [node, config, project, search] = await Promise.all([
    checkNodeVersion(),
    checkGlobalConfig(env, { requireModel: options.requireModel }).then(async ({ checks, config }) => [
      ...checks,
      ...(config ? await checkProviders(config) : []),
      await checkCheckpoints(config, env, projectRoot),
    ]),
    checkProject(projectRoot, toolNames),
    checkSearch(),
  ]);
  return [node, ...config, ...project, search, checkTerminal(env)];
}
