import { falconHome } from '../../src/config/falcon-home.js';
import { createSessionState } from '../../src/kit/tool/session-state.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ToolContext } from '../../src/kit/tool/tool.js';

export interface TempProject {
  /** Real path of the project folder. */
  root: string;
  /** A sibling folder outside the project, holding secret.txt. */
  outside: string;
  write(relative: string, content: string | Buffer): Promise<string>;
  /** Every file and folder under the temp base except the project, with content hashes. */
  snapshotOutside(): Promise<Record<string, string>>;
  remove(): Promise<void>;
}

export async function createTempProject(): Promise<TempProject> {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-tools-')));
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), 'top secret\n');
  return {
    root,
    outside,
    async write(relative, content) {
      const absolute = path.join(root, relative);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, content);
      return absolute;
    },
    snapshotOutside: () => snapshot(base, root),
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

/**
 * `environment`: the active one, as `falcon` starts with `dev` when the project has it. The folder is
 * trusted (its BASE_URL is the API under test) unless `trusted` says otherwise.
 */
export function toolContext(projectRoot: string, signal: AbortSignal = new AbortController().signal, environment?: string, trusted = true): ToolContext {
  const secrets = new SecretRegistry();
  return {
    projectRoot,
    falconHome: falconHome(process.env),
    signal,
    progress: () => undefined,
    variables: new VariableScope(projectRoot, {}, environment, secrets),
    trustedProject: trusted,
    session: createSessionState(),
    secrets,
  };
}

async function snapshot(folder: string, skip: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const absolute = path.join(folder, entry.name);
    if (absolute === skip) continue;
    if (entry.isDirectory()) Object.assign(result, await snapshot(absolute, skip), { [absolute]: 'dir' });
    else if (entry.isFile())
      result[absolute] = createHash('sha256')
        .update(await readFile(absolute))
        .digest('hex');
    else result[absolute] = 'other';
  }
  return result;
}
