import { readSpecSource } from '../../spec/read-spec-source.js';
import { SpecError } from '../../spec/spec-error.js';
import type { AsyncApiChannels } from './asyncapi-channels.js';
import { asyncApiToChannels } from './asyncapi-to-channels.js';

/** Whether a parsed document is AsyncAPI (an `asyncapi` version at the top). */
export function isAsyncApiDocument(document: Record<string, unknown>): boolean {
  return typeof document.asyncapi === 'string';
}

/**
 * Reads an AsyncAPI 2.x or 3.x document (a project file or an http(s) URL, as a spec is read) into
 * its channels and message payload schemas. Only `$ref`s inside the document are followed.
 */
export async function readAsyncApi(source: string, projectRoot: string, signal: AbortSignal): Promise<AsyncApiChannels> {
  const { source: shown, document } = await readSpecSource(source, projectRoot, signal);
  if (!isAsyncApiDocument(document)) throw new SpecError(`${shown}: not an AsyncAPI document (no "asyncapi" version)`);
  const version = String(document.asyncapi);
  if (!/^[23]\./.test(version)) throw new SpecError(`${shown}: AsyncAPI ${version} is not supported (2.x and 3.x are)`);
  // A CommonJS module: its exports are its `default`, in Node and once bundled alike.
  const { dereference } = (await import('@apidevtools/json-schema-ref-parser')).default;
  let resolved: Record<string, unknown>;
  try {
    resolved = (await dereference(structuredClone(document), { resolve: { external: false }, dereference: { circular: 'ignore' } })) as Record<string, unknown>;
  } catch (error) {
    throw new SpecError(`${shown}: ${(error as Error).message}`);
  }
  const info = resolved.info as { title?: unknown } | undefined;
  return {
    format: 'falcon-asyncapi/1',
    source: shown,
    version,
    ...(typeof info?.title === 'string' && { title: info.title }),
    channels: asyncApiToChannels(resolved),
  };
}
