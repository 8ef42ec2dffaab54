import { realpath } from 'node:fs/promises';
import { loadGlobalConfig } from '../../config/load-global-config.js';
import { openInBrowser } from '../../dashboard/server/open-in-browser.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { dashboardLine, serveDashboard } from './serve-dashboard.js';

const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** `falcon ui`: serves the dashboard until Ctrl-C (or SIGTERM, or the terminal closing), then exits 0. */
export async function runUiCommand(options: { port?: number; open?: boolean }): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const { config } = await loadGlobalConfig({ env: process.env });
  const dashboard = await serveDashboard(projectRoot, config, options.port);
  const stopped = new Promise<void>((resolve) => {
    for (const signal of STOPPING_SIGNALS) process.once(signal, () => resolve());
  });
  process.stdout.write(`${dashboardLine(dashboard)}Serving ${terminalSafeText(projectRoot)} on 127.0.0.1 only; Ctrl-C stops it.\n`);
  if (options.open) {
    const problem = await openInBrowser(dashboard.url);
    if (problem) process.stderr.write(`falcon: could not open a browser (${terminalSafeText(problem)}); open the address above\n`);
  }
  await stopped;
  await dashboard.close();
  return 0;
}
