import type { FalconSpec, JsonSchema, SpecOperation, SpecResponse } from '../../../engines/spec/spec-format.js';
import { SchemaSampler } from '../../../engines/testing/generate/sample-schema.js';
import { SeededRandom } from '../../../engines/testing/generate/seeded-random.js';
import type { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import { isJson } from './request-check.js';

/** A documented response's body as a value, with the media type it goes as; no media type when it has no content. */
export interface ResponseValue {
  mediaType?: string;
  value?: unknown;
  /** The schema it was made from, for the store to read the id field of. */
  schema?: JsonSchema;
}

/** Tries of the generator beyond the schema's own examples, each with other branches and values. */
const GENERATED_ATTEMPTS = 4;

/**
 * Values for the spec's responses: a named example when asked for, else the media type's example,
 * else one generated from the schema (its examples first, `writeOnly` properties left out), the
 * first that the schema accepts. Deterministic for a seed: each operation and status draws from a
 * stream of its own.
 */
export class ResponseValues {
  private readonly random: SeededRandom;
  private readonly made = new Map<string, ResponseValue | undefined>();
  private readonly madeHeaders = new Map<string, Record<string, string>>();

  constructor(
    private readonly spec: FalconSpec,
    private readonly validator: SpecSchemaValidator,
    seed: number,
  ) {
    this.random = new SeededRandom(seed);
  }

  /** undefined when `exampleName` is asked for and the response has no example of that name. Made once per response and example. */
  of(operation: SpecOperation, key: string, exampleName?: string): ResponseValue | undefined {
    const cacheKey = `${operation.method} ${operation.path} ${key} ${exampleName ?? ''}`;
    if (!this.made.has(cacheKey)) this.made.set(cacheKey, this.make(operation, key, exampleName));
    return this.made.get(cacheKey);
  }

  private make(operation: SpecOperation, key: string, exampleName?: string): ResponseValue | undefined {
    const response = operation.responses[key];
    const mediaType = response && preferredMediaType(response);
    if (!response || mediaType === undefined) return exampleName === undefined ? {} : undefined;
    const media = response.content![mediaType]!;
    if (exampleName !== undefined) {
      const named = media.examples?.[exampleName] ?? (exampleName === 'example' ? media.example : undefined);
      return named === undefined ? undefined : { mediaType, value: named, ...(media.schema && { schema: media.schema }) };
    }
    if (media.example !== undefined) return { mediaType, value: media.example, ...(media.schema && { schema: media.schema }) };
    if (!media.schema) return { mediaType, value: isJson(mediaType) ? {} : '' };
    return { mediaType, value: this.generated(media.schema, `${operation.id} ${key}`), schema: media.schema };
  }

  /** A value of the schema as a response carries it; the seed's stream for `label`. */
  generated(schema: JsonSchema, label: string): unknown {
    const accepts = (inner: JsonSchema, value: unknown) => this.validator.isValid(inner, value, 'response');
    const sampler = (examples: boolean, variant: number) =>
      new SchemaSampler(this.spec, this.random.fork(`${label} ${examples} ${variant}`), { examples, optional: true, variant, accepts, direction: 'response' });
    let first: unknown;
    for (let attempt = -1; attempt < GENERATED_ATTEMPTS; attempt++) {
      const value = sampler(attempt < 0, Math.max(attempt, 0)).sample(schema);
      if (attempt < 0) first = value;
      if (this.validator.isValid(schema, value, 'response') !== false) return value;
    }
    return first;
  }

  /** The documented headers with values of their schemas, as text; made once per response. */
  headers(operation: SpecOperation, key: string): Record<string, string> {
    const cacheKey = `${operation.method} ${operation.path} ${key}`;
    let headers = this.madeHeaders.get(cacheKey);
    if (!headers) this.madeHeaders.set(cacheKey, (headers = this.madeHeadersOf(operation, key)));
    return headers;
  }

  private madeHeadersOf(operation: SpecOperation, key: string): Record<string, string> {
    const documented = operation.responses[key]?.headers ?? {};
    const headers: Record<string, string> = {};
    for (const [name, header] of Object.entries(documented)) {
      if (name.toLowerCase() === 'content-type' || name.toLowerCase() === 'content-length') continue;
      const value = this.generated(header.schema ?? { type: 'string' }, `${operation.id} ${key} header ${name}`);
      headers[name.toLowerCase()] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return headers;
  }
}

/** JSON first, then the first media type documented. */
function preferredMediaType(response: SpecResponse): string | undefined {
  const types = Object.keys(response.content ?? {});
  return types.find((type) => /^application\/json\b/i.test(type)) ?? types.find(isJson) ?? types[0];
}
