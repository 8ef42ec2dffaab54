import type { FalconConfig } from '../../config/types.js';
import type { RunningDashboard } from '../../dashboard/server/start-dashboard.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { dashboardLine, serveDashboard } from './serve-dashboard.js';

/**
 * With `web_ui: {enabled: true}`: the dashboard for the length of an interactive session, its
 * address printed once above the session. A dashboard that cannot start (its port taken) is said
 * and the session goes on without it.
 */
export async function startDashboardBesideSession(projectRoot: string, config: FalconConfig): Promise<RunningDashboard | undefined> {
  try {
    const dashboard = await serveDashboard(projectRoot, config);
    process.stdout.write(dashboardLine(dashboard));
    return dashboard;
  } catch (error) {
    process.stderr.write(`falcon: the dashboard did not start: ${terminalSafeText((error as Error).message)}\n`);
    return undefined;
  }
}
