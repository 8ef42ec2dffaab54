import { readFile } from 'node:fs/promises';
import { replaceFile } from '../../../safety/atomic-write.js';
import { refuseLinkedFolder } from '../../../safety/linked-folder.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { falconPath } from '../../../workspace/falcon-dir.js';
import { ASYNCAPI_FILE, type AsyncApiChannels } from './asyncapi-channels.js';
import { readAsyncApi } from './read-asyncapi.js';

const SNIFFED_CHARACTERS = 4_096;

/**
 * Whether a project file given to `falcon spec ingest` is an AsyncAPI document, told from its first
 * lines (`asyncapi: 3.0.0`, `"asyncapi": "2.6.0"`) without parsing the whole of a large OpenAPI file.
 */
export async function looksLikeAsyncApiFile(source: string, projectRoot: string): Promise<boolean> {
  if (/^https?:\/\//i.test(source)) return false;
  const file = await resolveInsideProject(projectRoot, source).catch(() => undefined);
  if (!file) return false;
  const text = await readFile(file.absolute, 'utf8').then(
    (content) => content.slice(0, SNIFFED_CHARACTERS),
    () => '',
  );
  return /^\s*\{?\s*["']?asyncapi["']?\s*:/m.test(text);
}

/** Reads an AsyncAPI document and replaces `.falcon/asyncapi.json` with its channels. Nothing is written when it fails. */
export async function ingestAsyncApi(source: string, projectRoot: string, signal: AbortSignal): Promise<{ channels: AsyncApiChannels; written: string }> {
  const channels = await readAsyncApi(source, projectRoot, signal);
  const target = falconPath(projectRoot, ASYNCAPI_FILE);
  refuseLinkedFolder(projectRoot, target);
  await replaceFile(target, `${JSON.stringify({ ...channels, ingestedAt: new Date().toISOString() }, null, 2)}\n`);
  return { channels, written: `.falcon/${ASYNCAPI_FILE}` };
}
