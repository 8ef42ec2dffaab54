import { readdir, readFile, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedYaml } from '../safety/bounded-yaml.js';
import { withFileLock } from '../safety/file-lock.js';
import { z } from 'zod';
import { falconPath } from './falcon-dir.js';
import { replaceFile } from '../safety/atomic-write.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';
import { isPathInside } from '../safety/path-inside.js';

const savedRequestSchema = z.object({
  name: z.string().optional(),
  method: z.string().default('GET'),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.unknown().optional(),
  // The fields of assert_response; checked by the assertions engine when the request runs.
  assertions: z.record(z.string(), z.unknown()).optional(),
});

export type SavedRequest = z.infer<typeof savedRequestSchema> & { name: string };

export class SavedRequestError extends Error {
  override name = 'SavedRequestError';
}

const YAML_FILE = /^(.+)\.ya?ml$/;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** Names become file names: letters, digits, `-`, `_` and `.`, no folders, no leading dot. */
export function checkSavedName(name: string): void {
  if (!SAFE_NAME.test(name) || YAML_FILE.test(name)) {
    throw new SavedRequestError(
      `"${name}" cannot be a name: use letters, digits, "-", "_" or "." (up to 100, starting with a letter or digit, no .yaml ending), e.g. "get-user"`,
    );
  }
}

/** Names of the YAML files in a `.falcon/` folder such as `requests` or `flows`, sorted. */
export async function listSavedNames(projectRoot: string, folder: 'requests' | 'flows'): Promise<string[]> {
  try {
    return (await readdir(falconPath(projectRoot, folder))).flatMap((file) => YAML_FILE.exec(file)?.[1] ?? []).sort();
  } catch {
    return [];
  }
}

export async function readSavedFile(projectRoot: string, folder: 'requests' | 'flows', name: string): Promise<{ file: string; text: string }> {
  checkSavedName(name);
  const dir = falconPath(projectRoot, folder);
  for (const file of [path.join(dir, `${name}.yaml`), path.join(dir, `${name}.yml`)]) {
    const real = await realpath(file).catch(() => undefined);
    if (real === undefined) continue;
    // A link out of the project is never read: what a parse error quotes of it would leave too.
    if (!isPathInside(await realpath(projectRoot), real))
      throw new SavedRequestError(`${path.relative(projectRoot, file)} links out of the project: not read.`);
    try {
      return { file, text: await readFile(real, 'utf8') };
    } catch {
      continue;
    }
  }
  throw new SavedRequestError(`No saved ${folder === 'requests' ? 'request' : 'flow'} "${name}" in ${dir}.`);
}

export async function loadSavedRequest(projectRoot: string, name: string): Promise<SavedRequest> {
  const { file, text } = await readSavedFile(projectRoot, 'requests', name);
  return parseSavedRequest(text, file, name);
}

/** A saved request's YAML, checked; `name` when the file does not say its own. */
export function parseSavedRequest(text: string, file: string, name: string): SavedRequest {
  let data: unknown;
  try {
    data = parseBoundedYaml(text, FILE_YAML_LIMITS);
  } catch (error) {
    throw new SavedRequestError(`${file}: ${(error as Error).message}`);
  }
  const result = savedRequestSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new SavedRequestError(`${file}: ${problems.join('; ')}`);
  }
  return { ...result.data, name: result.data.name ?? name };
}

/**
 * Writes `.falcon/requests/<name>.yaml` in one step (over `<name>.yml` when that is the existing
 * file), under the name's lock: `replaced` is true exactly when another version was there.
 */
export async function saveRequest(projectRoot: string, request: SavedRequest): Promise<{ file: string; replaced: boolean }> {
  checkSavedName(request.name);
  refuseLinkedFolder(projectRoot, falconPath(projectRoot, 'requests', `${request.name}.yaml`));
  return withFileLock(savedRequestLock(projectRoot, request.name), async () => {
    const existing = await readSavedFile(projectRoot, 'requests', request.name).catch(() => undefined);
    const file = existing?.file ?? falconPath(projectRoot, 'requests', `${request.name}.yaml`);
    const { name, method, url, headers, query, body, assertions } = request;
    const data = { name, method: method.toUpperCase(), url, headers, query, body, assertions };
    await replaceFile(file, stringify(data));
    return { file, replaced: existing !== undefined };
  });
}

/** Removes a saved request; returns the file it was. */
export async function deleteSavedRequest(projectRoot: string, name: string): Promise<string> {
  return withFileLock(savedRequestLock(projectRoot, name), async () => {
    const { file } = await readSavedFile(projectRoot, 'requests', name);
    await rm(file);
    return file;
  });
}

/** One lock per name, whichever of `.yaml` and `.yml` holds it. */
function savedRequestLock(projectRoot: string, name: string): string {
  return falconPath(projectRoot, 'requests', `${name}.yaml`);
}
