import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { falconPath } from './falcon-dir.js';

const savedRequestSchema = z.object({
  name: z.string().optional(),
  method: z.string().default('GET'),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.unknown().optional(),
});

export type SavedRequest = z.infer<typeof savedRequestSchema> & { name: string };

export class SavedRequestError extends Error {
  override name = 'SavedRequestError';
}

const YAML_FILE = /^(.+)\.ya?ml$/;

/** Names of the YAML files in a `.falcon/` folder such as `requests` or `flows`, sorted. */
export async function listSavedNames(projectRoot: string, folder: 'requests' | 'flows'): Promise<string[]> {
  try {
    return (await readdir(falconPath(projectRoot, folder))).flatMap((file) => YAML_FILE.exec(file)?.[1] ?? []).sort();
  } catch {
    return [];
  }
}

export async function readSavedFile(projectRoot: string, folder: 'requests' | 'flows', name: string): Promise<{ file: string; text: string }> {
  const dir = falconPath(projectRoot, folder);
  for (const file of [path.join(dir, `${name}.yaml`), path.join(dir, `${name}.yml`)]) {
    try {
      return { file, text: await readFile(file, 'utf8') };
    } catch {
      continue;
    }
  }
  throw new SavedRequestError(`No saved ${folder === 'requests' ? 'request' : 'flow'} "${name}" in ${dir}.`);
}

export async function loadSavedRequest(projectRoot: string, name: string): Promise<SavedRequest> {
  const { file, text } = await readSavedFile(projectRoot, 'requests', name);
  let data: unknown;
  try {
    data = parse(text);
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

/** The request's URL with its `query` map appended. */
export function urlWithQuery(request: Pick<SavedRequest, 'url' | 'query'>): string {
  if (!request.query || Object.keys(request.query).length === 0) return request.url;
  const params = new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)]));
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${params}`;
}
