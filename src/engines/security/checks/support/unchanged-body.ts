import type { FalconSpec, SpecOperation } from '../../../spec/spec-format.js';
import { requestProperties } from './body-properties.js';
import type { JsonRecord } from './json-records.js';

/**
 * A write's body that sends back the values the record already holds, so that it changes nothing:
 * every writable property the record has (and all the required ones, but for a PATCH). Undefined
 * when the record cannot fill such a body.
 */
export function unchangedBody(operation: SpecOperation, spec: FalconSpec, record: JsonRecord): JsonRecord | undefined {
  const properties = requestProperties(operation, spec);
  if (!properties) return undefined;
  const body = Object.fromEntries([...properties.writable].filter((name) => record[name] !== undefined).map((name) => [name, record[name]]));
  if (Object.keys(body).length === 0) return undefined;
  if (operation.method !== 'PATCH' && properties.required.some((name) => body[name] === undefined)) return undefined;
  return body;
}
