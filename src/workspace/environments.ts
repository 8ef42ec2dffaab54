import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Document, isMap, isScalar } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument, parseBoundedYaml } from '../safety/bounded-yaml.js';
import { falconPath } from './falcon-dir.js';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';

const ENVIRONMENT_FILE = /^(.+)\.ya?ml$/;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** What a `{{NAME}}` placeholder can name (`:` is kept for `{{env:NAME}}`). */
export const VARIABLE_NAME = /^[A-Za-z_][\w.-]{0,127}$/;

/** A `.falcon/environments/*.yaml` file that is not a flat map of names to values. */
export class EnvironmentFileError extends Error {
  override name = 'EnvironmentFileError';
}

/** Names of the project's environments (`dev`, `staging`, …), sorted. */
export async function listEnvironments(projectRoot: string): Promise<string[]> {
  try {
    const names = await readdir(falconPath(projectRoot, 'environments'));
    return names.flatMap((name) => ENVIRONMENT_FILE.exec(name)?.[1] ?? []).sort();
  } catch {
    return [];
  }
}

/** An environment's variables; values are kept as strings, exactly as written. */
export async function loadEnvironment(projectRoot: string, name: string): Promise<Record<string, string>> {
  const file = await readEnvironmentFile(projectRoot, name);
  if (!file) throw new EnvironmentFileError(`No environment "${name}" in ${falconPath(projectRoot, 'environments')}.`);
  return flatStringMap(file.text, file.path);
}

/**
 * Sets variables in an environment, creating it when needed; `null` removes a variable. The file
 * keeps its comments and order, and is replaced in one step. Returns whether the file was new.
 */
export async function saveEnvironmentVariables(
  projectRoot: string,
  name: string,
  changes: Record<string, string | null>,
): Promise<{ file: string; created: boolean }> {
  const change = await environmentChange(projectRoot, name, changes);
  refuseLinkedFolder(projectRoot, change.file);
  return withFileLock(environmentLock(projectRoot, name), async () => {
    const current = await environmentChange(projectRoot, name, changes);
    await replaceFile(current.file, current.after);
    return { file: current.file, created: current.before === undefined };
  });
}

/** What saving `changes` would make of an environment's file, without writing it. */
export async function environmentChange(
  projectRoot: string,
  name: string,
  changes: Record<string, string | null>,
): Promise<{ file: string; before: string | undefined; after: string }> {
  const existing = await readEnvironmentFile(projectRoot, name);
  const file = existing?.path ?? falconPath(projectRoot, 'environments', `${name}.yaml`);
  if (existing) flatStringMap(existing.text, existing.path);
  for (const key of Object.keys(changes)) {
    if (!VARIABLE_NAME.test(key)) throw new EnvironmentFileError(`"${key}" cannot be a variable name: use letters, digits, "_", "-" or "."`);
  }
  const doc = parseBoundedDocument(existing?.text ?? '', { limits: FILE_YAML_LIMITS });
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) deleteKeepingComments(doc, key);
    else doc.set(key, value);
  }
  return { file, before: existing?.text, after: doc.toString() };
}

export async function deleteEnvironment(projectRoot: string, name: string): Promise<string> {
  return withFileLock(environmentLock(projectRoot, name), async () => {
    const file = await readEnvironmentFile(projectRoot, name);
    if (!file) throw new EnvironmentFileError(`No environment "${name}" in ${falconPath(projectRoot, 'environments')}.`);
    await rm(file.path);
    return file.path;
  });
}

/** One lock per environment, whichever of `.yaml` and `.yml` holds it. */
function environmentLock(projectRoot: string, name: string): string {
  return falconPath(projectRoot, 'environments', `${name}.yaml`);
}

/** Deletes a key; a comment written above it (such as the file's header) moves to what follows. */
function deleteKeepingComments(doc: Document, key: string): void {
  if (!isMap(doc.contents)) return;
  const items = doc.contents.items;
  const index = items.findIndex((pair) => isScalar(pair.key) && String(pair.key.value) === key);
  const pair = items[index];
  if (!pair) return;
  const comment = isScalar(pair.key) ? pair.key.commentBefore : undefined;
  const next = items[index + 1]?.key;
  if (comment && isScalar(next)) next.commentBefore = next.commentBefore ? `${comment}\n${next.commentBefore}` : comment;
  else if (comment) doc.comment = doc.comment ? `${comment}\n${doc.comment}` : comment;
  items.splice(index, 1);
}

async function readEnvironmentFile(projectRoot: string, name: string): Promise<{ path: string; text: string } | undefined> {
  if (!SAFE_NAME.test(name)) {
    throw new EnvironmentFileError(`"${name}" cannot be an environment name: use letters, digits, "-", "_" or ".", e.g. "staging"`);
  }
  const dir = falconPath(projectRoot, 'environments');
  return firstExisting([path.join(dir, `${name}.yaml`), path.join(dir, `${name}.yml`)]);
}

export function flatStringMap(text: string, file: string): Record<string, string> {
  let data: unknown;
  try {
    data = parseBoundedYaml(text, FILE_YAML_LIMITS) ?? {};
  } catch (error) {
    throw new EnvironmentFileError(`${file}: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new EnvironmentFileError(`${file}: expected a map of NAME: value`);
  }
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (value !== null && typeof value === 'object') {
      throw new EnvironmentFileError(`${file}: ${key}: expected a single value, not a list or map`);
    }
    variables[key] = value === null ? '' : String(value);
  }
  return variables;
}

async function firstExisting(files: string[]): Promise<{ path: string; text: string } | undefined> {
  for (const file of files) {
    try {
      return { path: file, text: await readFile(file, 'utf8') };
    } catch {
      continue;
    }
  }
  return undefined;
}
