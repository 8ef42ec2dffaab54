import { type CheckContext, documentedLabel, responseHeader, defineSpecCheck } from './check-context.js';
import { matchingMediaType, mediaTypeOf } from './media-type.js';

/** When the documented response has content, the response's media type must be one of its media types (ranges allowed). */
export const contentTypeConformance = defineSpecCheck({ name: 'content_type_conformance', needs: 'spec', judge });

function judge({ operation, documented, response }: CheckContext): string[] {
  const mediaTypes = Object.keys(documented?.response.content ?? {});
  if (!operation || !documented || mediaTypes.length === 0) return [];
  const where = documentedLabel(operation, documented);
  const actual = mediaTypeOf(responseHeader(response, 'content-type'));
  if (!actual) {
    if (response.body.length === 0) return [];
    return [`no content-type header on a ${response.body.length}-character body; ${where} documents ${mediaTypes.join(', ')}`];
  }
  if (matchingMediaType(actual, mediaTypes)) return [];
  return [`content-type ${actual} is not documented for ${where} (documented: ${mediaTypes.join(', ')})`];
}
