import type { SpecMediaType } from '../../../../engines/spec/spec-format.js';
import type { Direction } from './diff-rules.js';
import type { SchemaComparison } from './schema-comparison.js';
import type { OperationChanges } from './spec-change.js';

/** Where a body sits: `['request body']`, or `['response 200', 'body']`. */
export interface BodyPlace {
  direction: Direction;
  /** The locations before the body's own: `[]`, `['response 200']`. */
  within: readonly string[];
  /** The body's own: `request body`, `body`. */
  name: string;
}

/**
 * A body's media types in both specs, paired by type without parameters (`application/json;
 * charset=utf-8` is `application/json`), and the schemas of each pair. A media type is named in
 * the location only when the body has several.
 */
export function compareContent(
  old: Readonly<Record<string, SpecMediaType>> | undefined,
  current: Readonly<Record<string, SpecMediaType>> | undefined,
  place: BodyPlace,
  schemas: SchemaComparison,
  record: OperationChanges,
): void {
  const oldTypes = byMediaType(old);
  const newTypes = byMediaType(current);
  const named = oldTypes.size > 1 || newTypes.size > 1;
  const at = (type: string) => [...place.within, `${place.name} (${type})`];
  for (const [type, oldMedia] of oldTypes) {
    const newMedia = newTypes.get(type);
    if (!newMedia) {
      record(place.direction === 'request' ? 'request-media-type-removed' : 'response-media-type-removed', at(type), 'media type removed');
      continue;
    }
    if (oldMedia.schema || newMedia.schema) {
      schemas.compare(oldMedia.schema ?? {}, newMedia.schema ?? {}, place.direction, named ? at(type) : [...place.within, place.name]);
    }
  }
  for (const type of newTypes.keys()) {
    if (oldTypes.has(type)) continue;
    record(place.direction === 'request' ? 'request-media-type-added' : 'response-media-type-added', at(type), 'media type added');
  }
}

function byMediaType(content: Readonly<Record<string, SpecMediaType>> | undefined): Map<string, SpecMediaType> {
  return new Map(Object.entries(content ?? {}).map(([type, media]) => [type.split(';')[0]!.trim().toLowerCase(), media]));
}
