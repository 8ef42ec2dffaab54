import { loadProjectConfig } from '../../config/load-project-config.js';

/** The framework `.falcon/config.yaml` names; undefined when it names none or cannot be read. */
export async function configuredFramework(projectRoot: string): Promise<string | undefined> {
  return (await loadProjectConfig(projectRoot).catch(() => undefined))?.config.framework;
}
