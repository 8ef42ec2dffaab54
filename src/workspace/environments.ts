import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { falconPath } from './falcon-dir.js';

const ENVIRONMENT_FILE = /^(.+)\.ya?ml$/;

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
  const dir = falconPath(projectRoot, 'environments');
  const file = await firstExisting([path.join(dir, `${name}.yaml`), path.join(dir, `${name}.yml`)]);
  if (!file) throw new EnvironmentFileError(`No environment "${name}" in ${dir}.`);
  return flatStringMap(file.text, file.path);
}

export function flatStringMap(text: string, file: string): Record<string, string> {
  let data: unknown;
  try {
    data = parse(text) ?? {};
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
