import { falconHome } from '../../config/falcon-home.js';
import type { FalconConfig } from '../../config/types.js';
import { DashboardPortError, type RunningDashboard, startDashboard } from '../../dashboard/server/start-dashboard.js';
import { UsageError } from '../../kit/command/user-error.js';

/** The line that gives the dashboard's address, token included: printed once, where it starts. */
export function dashboardLine(dashboard: RunningDashboard): string {
  return `Falcon dashboard: ${dashboard.url}\n`;
}

/** The dashboard of `projectRoot` with the global config's theme, on `port` (else web_ui.port, else any free port). */
export async function serveDashboard(projectRoot: string, config: FalconConfig, port?: number): Promise<RunningDashboard> {
  try {
    const checkpoints = config.checkpoints?.enabled !== false;
    return await startDashboard({
      projectRoot,
      port: port ?? config.webUi?.port ?? 0,
      theme: config.theme ?? 'auto',
      ...(checkpoints && { falconHome: falconHome(process.env) }),
    });
  } catch (error) {
    if (error instanceof DashboardPortError) throw new UsageError(error.message);
    throw error;
  }
}
