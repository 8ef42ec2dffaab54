import type { RequestParts } from '../../http/prepare-request.js';
import { isJsonMediaType } from '../checks/media-type.js';

/** The JSON value a request sends as its body, placeholders filled; undefined for no body or another kind. */
export function sentJson(parts: RequestParts): unknown {
  const contentType = parts.headers?.['content-type'];
  if (typeof parts.body !== 'string' || !contentType || !isJsonMediaType(contentType.split(';')[0]!.trim())) return undefined;
  try {
    return JSON.parse(parts.body) as unknown;
  } catch {
    return undefined;
  }
}
