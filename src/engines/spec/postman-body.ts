import { asArray, asObject, asString, parseJsonOr } from './json-values.js';
import type { SpecRequestBody } from './spec-format.js';
import { maskNamedValue } from '../../safety/secret-assignments.js';

const RAW_LANGUAGES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
};

/** A Postman body (raw, urlencoded, formdata, graphql, file) as a request body with its example. */
export function postmanBody(value: unknown, contentType: string | undefined): SpecRequestBody | undefined {
  const body = asObject(value);
  const mode = asString(body?.mode);
  if (!body || !mode || body.disabled === true) return undefined;
  if (mode === 'raw') {
    const raw = asString(body.raw) ?? '';
    const language = asString(asObject(asObject(body.options)?.raw)?.language);
    const mediaType = contentType?.split(';')[0]?.trim() || RAW_LANGUAGES[language ?? ''] || 'text/plain';
    return single(mediaType, mediaType.includes('json') ? parseJsonOr(raw) : raw);
  }
  if (mode === 'urlencoded' || mode === 'formdata') {
    const fields: Record<string, string> = {};
    for (const field of asArray(body[mode]).map(asObject)) {
      if (!field || field.key === undefined || field.disabled === true) continue;
      fields[String(field.key)] =
        field.type === 'file' ? `<file ${String(field.src ?? '')}>`.replace(' >', '>') : maskNamedValue(String(field.key), String(field.value ?? ''));
    }
    return single(mode === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data', fields);
  }
  if (mode === 'graphql') return single('application/json', asObject(body.graphql) ?? {});
  if (mode === 'file') return single(contentType ?? 'application/octet-stream', undefined);
  return undefined;
}

function single(mediaType: string, example: unknown): SpecRequestBody {
  return { required: true, content: { [mediaType]: example === undefined ? {} : { example } } };
}
