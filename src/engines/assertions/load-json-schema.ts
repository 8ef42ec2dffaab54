import { readFile } from 'node:fs/promises';
import { FILE_YAML_LIMITS, parseBoundedYaml } from '../../safety/bounded-yaml.js';
import { resolveInsideProject } from '../../safety/project-path.js';
import { refuseDeepJson } from '../http/json-nesting.js';
import { isJsonObject } from './exact-json.js';

export const SCHEMA_FETCH_TIMEOUT_MS = 10_000;
const MAX_SCHEMA_BYTES = 5 * 1024 * 1024;

/** A schema that could not be read, fetched or parsed. */
export class SchemaSourceError extends Error {
  override name = 'SchemaSourceError';
}

/** A JSON or YAML schema file inside the project (paths outside it are refused). */
export async function readSchemaFile(projectRoot: string, file: string): Promise<Record<string, unknown>> {
  const target = await resolveInsideProject(projectRoot, file);
  let text: string;
  try {
    text = await readFile(target.absolute, 'utf8');
  } catch (error) {
    throw new SchemaSourceError(`cannot read ${target.relative}: ${(error as Error).message}`);
  }
  return parseSchemaText(text, target.relative);
}

export interface FetchSchemaOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A schema served over http(s), JSON or YAML, within a time limit. */
export async function fetchSchema(url: string, options: FetchSchemaOptions = {}): Promise<Record<string, unknown>> {
  if (!/^https?:\/\//i.test(url)) throw new SchemaSourceError(`schema_url must be an http:// or https:// URL: ${url}`);
  const timeoutMs = options.timeoutMs ?? SCHEMA_FETCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let text: string;
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/schema+json, application/json, application/yaml;q=0.9, */*;q=0.5' } });
    if (!response.ok) throw new SchemaSourceError(`fetching ${url} gave HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_SCHEMA_BYTES) throw new SchemaSourceError(`${url} is larger than 5 MB`);
    text = await response.text();
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof SchemaSourceError) throw error;
    if (timeout.aborted) throw new SchemaSourceError(`timed out after ${timeoutMs} ms fetching ${url}`);
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new SchemaSourceError(`cannot fetch ${url}: ${cause ?? (error as Error).message}`);
  }
  return parseSchemaText(text, url);
}

/** JSON first (exact error positions), then YAML, which also reads JSON-like text. */
export function parseSchemaText(text: string, source: string): Record<string, unknown> {
  // ajv compiles a schema by recursing through it: one nested thousands deep would exhaust the stack.
  try {
    refuseDeepJson(text);
  } catch (error) {
    throw new SchemaSourceError(`${source} is ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (jsonError) {
    try {
      data = parseBoundedYaml(text, FILE_YAML_LIMITS);
    } catch (yamlError) {
      const reason = /^\s*[[{]/.test(text) ? jsonError : yamlError;
      throw new SchemaSourceError(`${source} is neither JSON nor YAML: ${(reason as Error).message}`);
    }
  }
  if (!isJsonObject(data)) throw new SchemaSourceError(`${source} does not hold a schema object`);
  return data;
}
