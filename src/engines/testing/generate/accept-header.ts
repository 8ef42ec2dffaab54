import type { SpecOperation } from '../../spec/spec-format.js';
import { isJsonMediaType, mediaTypeOf } from '../checks/media-type.js';

const SUCCESS_STATUS = /^2(\d\d|XX)$/i;

/**
 * The `Accept` a request to the operation sends: the media types its success responses document,
 * the JSON ones first and the others after at a lower q, so that a server which negotiates (Prism
 * does) answers JSON where JSON is documented beside XML. Undefined when no success response
 * documents a body: then the request accepts anything.
 */
export function acceptHeader(operation: SpecOperation): string | undefined {
  const documented = Object.entries(operation.responses)
    .filter(([status]) => SUCCESS_STATUS.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}).map(mediaTypeOf))
    .filter((mediaType): mediaType is string => mediaType !== undefined);
  const mediaTypes = [...new Set(documented)];
  const json = mediaTypes.filter(isJsonMediaType);
  const others = mediaTypes.filter((mediaType) => !isJsonMediaType(mediaType)).map((mediaType) => (json.length > 0 ? `${mediaType};q=0.5` : mediaType));
  return mediaTypes.length > 0 ? [...json, ...others].join(', ') : undefined;
}

/** The headers with `Accept` added, unless they already name one. */
export function withAcceptHeader(headers: Record<string, string>, operation: SpecOperation): Record<string, string> {
  const accept = acceptHeader(operation);
  if (!accept || Object.keys(headers).some((name) => name.toLowerCase() === 'accept')) return headers;
  return { ...headers, Accept: accept };
}
