import type { PreparedRequest } from '../../http/prepare-request.js';
import { isJsonMediaType, mediaTypeOf } from '../checks/media-type.js';

/** Nodes of a body walked at most: a fuzzed body may be large, and its paths repeat. */
const MAX_NODES = 10_000;
const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
/** FormData's field names, quoted with `"` and line breaks percent-encoded. */
const MULTIPART_NAME = /^content-disposition:\s*form-data;\s*name="([^"]*)"/gim;

/**
 * The property paths a request body holds, written as optional-properties.ts writes them
 * (`owner.name`, `lines[].note`, `[].id`): from JSON by walking it, from a form or multipart body
 * its field names. Empty for any other body, or one that does not parse.
 */
export function sentBodyProperties(request: Pick<PreparedRequest, 'headers' | 'body'>): Set<string> {
  const paths = new Set<string>();
  if (request.body === undefined) return paths;
  const text = request.body.toString();
  const mediaType = mediaTypeOf(request.headers['content-type']) ?? '';
  if (isJsonMediaType(mediaType)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return paths;
    }
    walk(value, '', paths, { left: MAX_NODES });
  } else if (mediaType === FORM) {
    for (const name of new URLSearchParams(text).keys()) paths.add(name);
  } else if (mediaType === MULTIPART) {
    for (const match of text.matchAll(MULTIPART_NAME)) paths.add(match[1]!.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n'));
  }
  return paths;
}

function walk(value: unknown, prefix: string, paths: Set<string>, budget: { left: number }): void {
  if (budget.left-- <= 0) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, `${prefix}[]`, paths, budget);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [name, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${name}` : name;
    paths.add(path);
    walk(item, path, paths, budget);
  }
}
