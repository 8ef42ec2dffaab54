import { PLACEHOLDER } from '../../../workspace/variable-scope.js';
import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecRequestBody } from '../../spec/spec-format.js';
import type { CaseRequest } from '../test-case.js';
import { flattenSchema } from './schema-shape.js';

/** A file field's example as a Postman collection gives it: `<file avatar.png>`. */
const FILE_EXAMPLE = /^<file (.+)>$/;

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

export interface EncodedCaseBody {
  body: unknown;
  contentType: string;
  /** Multipart fields sent as files. */
  files?: NonNullable<CaseRequest['files']>;
}

/**
 * The body as a case sends it: JSON values as they are; a multipart body as its fields, encoded when
 * sent (FormData: a random boundary, names escaped), its file fields named; other media types as
 * their exact text.
 */
export function encodeBody(mediaType: string, value: unknown, schema: JsonSchema | undefined, spec: FalconSpec): EncodedCaseBody {
  if (isJsonMediaType(mediaType)) return { body: value, contentType: mediaType.includes('*') ? 'application/json' : mediaType };
  const fields = Object.entries(asObject(value) ?? {});
  if (/^application\/x-www-form-urlencoded/i.test(mediaType)) {
    const pairs = fields.flatMap(([name, item]) =>
      (Array.isArray(item) ? item : [item]).map((entry) => `${formEncoded(name)}=${formEncoded(fieldText(entry))}`),
    );
    return { body: pairs.join('&'), contentType: mediaType };
  }
  if (/^multipart\/form-data/i.test(mediaType)) {
    const properties = asObject(schema && flattenSchema(schema, spec).properties) ?? {};
    const files: NonNullable<CaseRequest['files']> = {};
    for (const [name, item] of fields) {
      const property = flattenSchema(properties[name], spec);
      if (property.format !== 'binary' && property.format !== 'base64' && property.type !== 'file' && !FILE_EXAMPLE.test(String(item))) continue;
      files[name] = { filename: FILE_EXAMPLE.exec(String(item))?.[1] ?? `${name}.bin`, contentType: 'application/octet-stream' };
    }
    const body = Object.fromEntries(fields.map(([name, item]) => [name, Array.isArray(item) ? item.map(fieldText) : fieldText(item)]));
    return { body, contentType: 'multipart/form-data', ...(Object.keys(files).length > 0 && { files }) };
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
