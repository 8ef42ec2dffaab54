import { PLACEHOLDER } from '../../../workspace/variable-scope.js';
import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecRequestBody } from '../../spec/spec-format.js';
import { flattenSchema } from './schema-shape.js';

const MULTIPART_BOUNDARY = 'falcon-form-boundary';

/** The body's media type to send: the first JSON one, else the first form, else the first listed. */
export function chooseMediaType(body: SpecRequestBody): string | undefined {
  const types = Object.keys(body.content);
  return types.find(isJsonMediaType) ?? types.find(isFormMediaType) ?? types[0];
}

export function isJsonMediaType(mediaType: string): boolean {
  return /[/+]json\b|^\*\/\*$|^application\/\*$/i.test(mediaType.split(';')[0]!.trim());
}

function isFormMediaType(mediaType: string): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType);
}

/** The body as a case sends it: JSON values as they are, forms and other media types as their exact text. */
export function encodeBody(mediaType: string, value: unknown, schema: JsonSchema | undefined, spec: FalconSpec): { body: unknown; contentType: string } {
  if (isJsonMediaType(mediaType)) return { body: value, contentType: mediaType.includes('*') ? 'application/json' : mediaType };
  const fields = Object.entries(asObject(value) ?? {});
  if (/^application\/x-www-form-urlencoded/i.test(mediaType)) {
    const pairs = fields.flatMap(([name, item]) => (Array.isArray(item) ? item : [item]).map((entry) => `${formEncoded(name)}=${formEncoded(fieldText(entry))}`));
    return { body: pairs.join('&'), contentType: mediaType };
  }
  if (/^multipart\/form-data/i.test(mediaType)) {
    const properties = asObject(schema && flattenSchema(schema, spec).properties) ?? {};
    const parts = fields.map(([name, item]) => {
      const property = flattenSchema(properties[name], spec);
      const isFile = property.format === 'binary' || property.format === 'base64' || property.type === 'file';
      const disposition = `Content-Disposition: form-data; name="${name}"${isFile ? `; filename="${name}.bin"` : ''}`;
      const type = isFile ? '\r\nContent-Type: application/octet-stream' : '';
      return `--${MULTIPART_BOUNDARY}\r\n${disposition}${type}\r\n\r\n${fieldText(item)}\r\n`;
    });
    return { body: `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`, contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` };
  }
  return { body: typeof value === 'string' ? value : JSON.stringify(value), contentType: mediaType };
}

/** Percent-encoded, except `{{name}}` placeholders, which the run fills in later. */
function formEncoded(text: string): string {
  let encoded = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    encoded += encodeURIComponent(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return encoded + encodeURIComponent(text.slice(last));
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
