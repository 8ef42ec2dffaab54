import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import type { FakeModelServer } from './fake-model-server.mjs';
import type { Sandbox } from './falcon-binary.js';

export interface PermissionSetup {
  /** `.falcon/config.yaml` of the project: text as written, or settings to write as YAML. */
  project?: string | Record<string, unknown>;
  /** The project folder is in `trusted_folders`. */
  trusted?: boolean;
  /** More keys of the global config: its own `hooks`, `permissions`. */
  global?: Record<string, unknown>;
}

/** Writes the global config (the fake model as provider) and the project's config for a test of permissions, hooks and trust. */
export async function configurePermissions(sandbox: Sandbox, models: FakeModelServer, setup: PermissionSetup): Promise<void> {
  const folder = await realpath(sandbox.project);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    ...setup.global,
    ...(setup.trusted && { trusted_folders: [folder] }),
  });
  await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
  const project = typeof setup.project === 'string' ? setup.project : setup.project && stringify(setup.project);
  if (project !== undefined) await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), project);
}

/** The lines of a stream-json run as events. */
export function streamEvents(stdout: string): Array<{ type: string; [key: string]: unknown }> {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
}
