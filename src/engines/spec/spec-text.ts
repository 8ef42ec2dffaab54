import { open } from 'node:fs/promises';
import { parseBoundedYaml, SPEC_YAML_LIMITS, YamlLimitError } from '../../safety/bounded-yaml.js';
import { parseYamlOffThread } from '../../safety/yaml-off-thread.js';
import { SpecError } from './spec-error.js';

/** The most Falcon reads of a spec, JSON or YAML, from a file or a URL. */
export const SPEC_MAX_BYTES = SPEC_YAML_LIMITS.maxBytes;

/** Above this a YAML spec is parsed in a worker thread (starting one costs more than parsing less). */
const OFF_THREAD_BYTES = 256 * 1024;

/** YAML parses at about a megabyte a second; one this slow is pathological or should be JSON. */
const YAML_TIME_LIMIT_MS = 60_000;

/** A spec file's text, refused before it is read when it is larger than Falcon reads. */
export async function readSpecFile(file: string, shown: string): Promise<string> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new SpecError(`${shown}: ${error.code === 'ENOENT' ? 'no such file' : `cannot read it (${error.code ?? error.message})`}`);
  });
  try {
    const { size } = await handle.stat();
    if (size > SPEC_MAX_BYTES) throw new SpecError(`${shown}: ${tooLarge(size)}`);
    return await handle.readFile('utf8');
  } catch (error) {
    if (error instanceof SpecError) throw error;
    throw new SpecError(`${shown}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  } finally {
    await handle.close();
  }
}

/** A response body as text, stopped as soon as it is larger than Falcon reads. */
export async function readSpecBody(response: Response, shown: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > SPEC_MAX_BYTES) {
    await response.body?.cancel();
    throw new SpecError(`${shown}: ${tooLarge(declared)}`);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body ?? []) {
    received += chunk.byteLength;
    if (received > SPEC_MAX_BYTES) throw new SpecError(`${shown}: more than the ${megabytes(SPEC_MAX_BYTES)} Falcon reads of a spec`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A YAML spec as plain data, within SPEC_YAML_LIMITS (aliases, size, nesting) and a time limit; a
 * large one in a worker thread, so that Ctrl-C stops it at once. A bound passed is a SpecError
 * naming the spec; a syntax error is the YAMLParseError the caller words. `onProgress` hears when a
 * parse will take a while.
 */
export async function parseSpecYaml(text: string, shown: string, signal: AbortSignal, onProgress?: (message: string) => void): Promise<unknown> {
  try {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= OFF_THREAD_BYTES) return parseBoundedYaml(text, SPEC_YAML_LIMITS);
    onProgress?.(`Reading ${shown}: ${megabytes(bytes)} of YAML (JSON would read many times faster)…`);
    return await parseYamlOffThread(text, SPEC_YAML_LIMITS, { signal, timeLimitMs: YAML_TIME_LIMIT_MS });
  } catch (error) {
    if (error instanceof YamlLimitError) throw new SpecError(`${shown}: ${error.message}`);
    throw error;
  }
}

function tooLarge(bytes: number): string {
  return `${megabytes(bytes)}, more than the ${megabytes(SPEC_MAX_BYTES)} Falcon reads of a spec`;
}

function megabytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;
}
