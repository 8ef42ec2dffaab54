import type { JsonDocument } from '../../assertions/exact-json.js';
import { type CheckContext, documentedLabel, responseHeader, defineSpecCheck } from './check-context.js';
import { isJsonMediaType, matchingMediaType, mediaTypeOf } from './media-type.js';

/** More findings than this for one body are summed up in one last finding. */
const MAX_VIOLATIONS = 10;
const SHOWN_BODY_CHARS = 80;
/** Statuses that never carry a body. */
const BODILESS_STATUSES = new Set([204, 205, 304]);

/**
 * A JSON body must be JSON and valid against the schema of the documented media type it matches
 * (or, without a content-type, the documented JSON one). Bodies cut short, binary or not JSON by
 * their content-type are not judged here.
 */
export const responseSchemaConformance = defineSpecCheck({ name: 'response_schema_conformance', needs: 'schemas', judge });

// The JSON parser and the masking load with the first body judged: `falcon test --help` lists the checks without them.
async function judge({ testCase, operation, documented, response, schemas }: CheckContext): Promise<string[]> {
  const content = documented?.response.content;
  if (!operation || !documented || !content || !schemas) return [];
  if (testCase.request.method.toUpperCase() === 'HEAD' || BODILESS_STATUSES.has(response.status) || response.bodyTruncated || response.binary) return [];
  const actual = mediaTypeOf(responseHeader(response, 'content-type'));
  const mediaTypes = Object.keys(content);
  const mediaType = actual ? matchingMediaType(actual, mediaTypes) : mediaTypes.find(isJsonMediaType);
  if (!mediaType || !isJsonMediaType(actual ?? mediaType)) return [];
  if (!actual && response.body.length === 0) return [];
  const where = `${documentedLabel(operation, documented)} ${mediaType}`;
  const [{ parseJsonDocument }, { maskText }] = await Promise.all([import('../../assertions/exact-json.js'), import('../../../safety/mask-text.js')]);
  let document: JsonDocument;
  try {
    document = parseJsonDocument(response.body);
  } catch (error) {
    const why =
      response.body.trim() === ''
        ? 'it is empty'
        : `${describeStart(maskText(response.body.slice(0, SHOWN_BODY_CHARS)), response.body.length)} (${(error as Error).message})`;
    return [`the body is not valid JSON, but ${documentedLabel(operation, documented)} documents ${mediaType}: ${why}`];
  }
  const schema = content[mediaType]?.schema;
  if (!schema) return [];
  let violations: string[];
  try {
    violations = schemas.violations(schema, document);
  } catch (error) {
    return [`the schema documented for ${where} cannot be used: ${(error as Error).message}`];
  }
  const findings = violations.slice(0, MAX_VIOLATIONS);
  if (violations.length > MAX_VIOLATIONS) {
    findings.push(`… and ${violations.length - MAX_VIOLATIONS} more violations of the ${where} schema`);
  }
  return findings;
}

/** `masked`: the body's first SHOWN_BODY_CHARS characters, secrets masked. */
function describeStart(masked: string, length: number): string {
  const start = masked.replace(/\s+/g, ' ');
  return `it starts ${JSON.stringify(length > SHOWN_BODY_CHARS ? `${start}…` : start)}`;
}
