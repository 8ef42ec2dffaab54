import { readFile, readdir } from 'node:fs/promises';
import type { StoredResponse } from '../http/response-store.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import { resolveInsideProject } from '../../safety/project-path.js';
import { replaceFile } from '../../safety/atomic-write.js';
import { isJsonObject, parseExactJson, stringifyExactJson } from './exact-json.js';
import { numberText } from './json-value.js';
import { headerValues } from './response-json.js';
import { maskText } from '../../safety/mask-text.js';
import { isSecretName } from '../../safety/secret-names.js';
import type { SecretRegistry } from '../../safety/secret-registry.js';

/**
 * A response snapshot in `.falcon/baselines/<name>.json`, for compare_responses and regression
 * checks. Numbers in `body` keep every digit (written and read with lossless-json); secrets are
 * masked before the file is written.
 */
export interface Baseline {
  status: number;
  /** Only the headers worth comparing. */
  headers: { 'content-type'?: string };
  /** The parsed JSON when the response was JSON (numbers as `LosslessNumber`), else its text. */
  body: unknown;
  /** ISO 8601. */
  savedAt: string;
  /** The request that produced it (URL masked), so that a regression check can send it again. */
  request?: { method: string; url: string };
}

export class BaselineError extends Error {
  override name = 'BaselineError';
}

const NAME = /^[A-Za-z0-9_][\w.-]{0,99}$/;
const MASK = '[masked]';

/** The snapshot of a response, secrets masked (the session's registered values too), as it would be saved. */
export function baselineFromResponse(response: StoredResponse, savedAt = new Date(), secrets?: SecretRegistry): Baseline {
  const contentType = headerValues(response, 'content-type')[0];
  return {
    status: response.status,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: maskBody(parseBody(response.body, contentType), secrets),
    savedAt: savedAt.toISOString(),
    request: { method: response.request.method, url: maskText(response.request.url, { secrets }) },
  };
}

/** Writes the baseline in one step (temporary file, then rename); returns its project-relative path. */
export async function saveBaseline(projectRoot: string, name: string, baseline: Baseline): Promise<string> {
  const target = await resolveInsideProject(projectRoot, baselinePath(name), { forWrite: true });
  await replaceFile(target.absolute, `${stringifyExactJson(baseline, 2)}\n`);
  return target.relative;
}

export async function loadBaseline(projectRoot: string, name: string): Promise<Baseline> {
  const file = baselinePath(name);
  let text: string;
  try {
    text = await readFile((await resolveInsideProject(projectRoot, file)).absolute, 'utf8');
  } catch {
    const known = await listBaselines(projectRoot);
    const have = known.length === 0 ? 'there are none yet' : `there are: ${known.join(', ')}`;
    throw new BaselineError(`No baseline "${name}" in .falcon/baselines (${have}); capture one with save_baseline: true.`);
  }
  let data: unknown;
  try {
    data = parseExactJson(text);
  } catch (error) {
    throw new BaselineError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const status = isJsonObject(data) ? Number(numberText(data.status)) : NaN;
  if (!isJsonObject(data) || !Number.isInteger(status) || !isJsonObject(data.headers) || !('body' in data) || typeof data.savedAt !== 'string') {
    throw new BaselineError(`${file} is not a baseline: it needs status, headers, body and savedAt`);
  }
  return { ...(data as unknown as Baseline), status };
}

/** Names of the saved baselines, sorted. */
export async function listBaselines(projectRoot: string): Promise<string[]> {
  const files = await readdir(falconPath(projectRoot, 'baselines')).catch(() => [] as string[]);
  return files.flatMap((file) => /^(.+)\.json$/.exec(file)?.[1] ?? []).sort();
}

/** The members of a baseline set — the baselines named `<set>.<member>` — as member names, sorted. */
export async function listBaselineSet(projectRoot: string, set: string): Promise<string[]> {
  return (await listBaselines(projectRoot)).flatMap((name) => (name.startsWith(`${set}.`) ? [name.slice(set.length + 1)] : []));
}

function baselinePath(name: string): string {
  if (!NAME.test(name)) throw new BaselineError(`"${name}" cannot be a baseline name: use letters, digits, "_", "-" or "."`);
  return `.falcon/baselines/${name}.json`;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (contentType !== undefined && !/json/i.test(contentType)) return text;
  try {
    return parseExactJson(text);
  } catch {
    return text;
  }
}

/** Values under secret-looking keys, and secret-shaped text anywhere, are masked. */
export function maskBody(value: unknown, secrets?: SecretRegistry): unknown {
  if (typeof value === 'string') return maskText(value, { secrets });
  if (Array.isArray(value)) return value.map((item) => maskBody(item, secrets));
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretName(key) && (typeof item === 'string' || numberText(item) !== undefined) ? MASK : maskBody(item, secrets),
    ]),
  );
}
