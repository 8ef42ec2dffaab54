import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../safety/atomic-write.js';
import { FILE_YAML_LIMITS, parseBoundedDocument } from '../safety/bounded-yaml.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';
import { displayPath } from './falcon-home.js';
import type { ServerReload } from './types.js';
import { projectConfigSchema } from './load-project-config.js';
import { validateConfig } from './validate-config.js';
import { readYamlFile } from './yaml-file.js';

/** The settings `/init` chooses; `spec: null` and `server: null` remove the key. */
export interface ProjectSettings {
  framework?: string;
  base_url?: string;
  spec?: string | null;
  /** How the API starts: its command and reload set, the rest of `server:` (env, ready) kept. */
  server?: { command: string; reload: ServerReload } | null;
}

/**
 * Sets top-level keys of the project's `.falcon/config.yaml`, keeping the file's other content and
 * comments. A file the loader would refuse throws its ConfigError and is left as it was. Returns the
 * keys whose value changed (nothing is written when none did).
 */
export async function setProjectSettings(projectRoot: string, settings: ProjectSettings): Promise<string[]> {
  const path = join(projectRoot, '.falcon', 'config.yaml');
  refuseLinkedFolder(projectRoot, path);
  return withFileLock(path, () => setSettings(path, settings));
}

async function setSettings(path: string, settings: ProjectSettings): Promise<string[]> {
  const file = await readYamlFile(path, displayPath(path));
  if (file) validateConfig(file, projectConfigSchema);
  const document = parseBoundedDocument(file ? await readFile(path, 'utf8') : '', { limits: FILE_YAML_LIMITS });
  const changed: string[] = [];
  const { server, ...flat } = settings;
  if (server === null && document.has('server')) {
    document.delete('server');
    changed.push('server');
  } else if (server && (document.getIn(['server', 'command']) !== server.command || document.getIn(['server', 'reload']) !== server.reload)) {
    document.setIn(['server', 'command'], server.command);
    document.setIn(['server', 'reload'], server.reload);
    changed.push('server');
  }
  for (const [key, value] of Object.entries(flat) as Array<[string, string | null | undefined]>) {
    if (value === undefined || (document.get(key) ?? null) === value) continue;
    if (value === null) document.delete(key);
    else document.set(key, value);
    changed.push(key);
  }
  if (changed.length > 0) await replaceFile(path, document.toString());
  return changed;
}
