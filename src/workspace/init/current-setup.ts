import { access } from 'node:fs/promises';
import { loadProjectConfig } from '../../config/load-project-config.js';
import type { ServerReload } from '../../config/types.js';
import { loadEnvironment } from '../environments.js';
import { falconPath } from '../falcon-dir.js';

/** What `.falcon/` says now about the API: what `/init` shows before it asks, and offers as its answers. */
export interface CurrentSetup {
  /** `.falcon/config.yaml` exists. */
  configured: boolean;
  framework?: string;
  /** `base_url` of `.falcon/config.yaml`: what init recorded. */
  configBaseUrl?: string;
  spec?: string;
  /** `server.command` and `server.reload`: how the API starts. */
  server?: { command: string; reload: ServerReload };
  /** The environment requests go to (the active one, else `dev`), and its BASE_URL as written. */
  environment: { name: string; baseUrl?: string };
}

/** Reads the project's settings and the BASE_URL of `environment` (default `dev`); a malformed config throws its ConfigError. */
export async function readCurrentSetup(projectRoot: string, environment = 'dev'): Promise<CurrentSetup> {
  const configured = await access(falconPath(projectRoot, 'config.yaml')).then(
    () => true,
    () => false,
  );
  const { config } = await loadProjectConfig(projectRoot);
  const variables = await loadEnvironment(projectRoot, environment).catch(() => undefined);
  return {
    configured,
    ...(config.framework && { framework: config.framework }),
    ...(config.baseUrl && { configBaseUrl: config.baseUrl }),
    ...(config.spec && { spec: config.spec }),
    ...(config.server && { server: { command: config.server.command, reload: config.server.reload } }),
    environment: { name: environment, ...(variables?.BASE_URL && { baseUrl: variables.BASE_URL }) },
  };
}
