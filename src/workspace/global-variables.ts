import { readFile } from 'node:fs/promises';
import { falconPath } from './falcon-dir.js';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';

/** `.falcon/variables.json` that is not one JSON object of names to values. */
export class GlobalVariablesError extends Error {
  override name = 'GlobalVariablesError';
}

export function globalVariablesFile(projectRoot: string): string {
  return falconPath(projectRoot, 'variables.json');
}

/** The project's global variables, as strings; none when the file is missing. */
export async function readGlobalVariables(projectRoot: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await readRaw(projectRoot)).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/** Sets (or, with `null`, removes) one variable and rewrites the file in one step, other values as they were. */
export async function writeGlobalVariable(projectRoot: string, name: string, value: string | null): Promise<void> {
  const file = globalVariablesFile(projectRoot);
  refuseLinkedFolder(projectRoot, file);
  await withFileLock(file, async () => {
    const data = await readRaw(projectRoot);
    if (value === null) delete data[name];
    else data[name] = value;
    await replaceFile(file, `${JSON.stringify(data, null, 2)}\n`);
  });
}

async function readRaw(projectRoot: string): Promise<Record<string, unknown>> {
  const file = globalVariablesFile(projectRoot);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  let data: unknown;
  try {
    data = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    throw new GlobalVariablesError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new GlobalVariablesError(`${file} must hold one JSON object of NAME: value`);
  }
  return data as Record<string, unknown>;
}
