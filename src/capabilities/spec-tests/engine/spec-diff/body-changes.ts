import type { SpecHeader, SpecOperation, SpecResponse } from '../../../../engines/spec/spec-format.js';
import { compareContent } from './content-changes.js';
import type { SchemaComparison } from './schema-comparison.js';
import type { OperationChanges } from './spec-change.js';

const REQUEST_BODY = 'request body';

export function compareRequestBody(old: SpecOperation, current: SpecOperation, schemas: SchemaComparison, record: OperationChanges): void {
  const [before, after] = [old.requestBody, current.requestBody];
  if (!before && !after) return;
  if (!before) {
    if (after!.required) record('request-body-added-required', [REQUEST_BODY], 'required body added');
    else record('request-body-added-optional', [REQUEST_BODY], 'optional body added');
    return;
  }
  if (!after) {
    record('request-body-removed', [REQUEST_BODY], 'no longer taken');
    return;
  }
  if (before.required !== after.required) {
    if (after.required) record('request-body-became-required', [REQUEST_BODY], 'became required');
    else record('request-body-became-optional', [REQUEST_BODY], 'became optional');
  }
  compareContent(before.content, after.content, { direction: 'request', within: [], name: REQUEST_BODY }, schemas, record);
}

/**
 * The responses of an operation in both specs, by status. A status gone but covered by a range of
 * the new spec (`200` by `2XX`) is compared with that range rather than called removed.
 */
export function compareResponses(old: SpecOperation, current: SpecOperation, schemas: SchemaComparison, record: OperationChanges): void {
  for (const [status, oldResponse] of Object.entries(old.responses)) {
    const newStatus = Object.hasOwn(current.responses, status) ? status : coveringRange(status, current.responses);
    if (newStatus === undefined) {
      if (/^[23]/.test(status)) record('response-success-status-removed', [`response ${status}`], 'status removed');
      else record('response-error-status-removed', [`response ${status}`], 'status removed');
      continue;
    }
    compareResponse(oldResponse, current.responses[newStatus]!, `response ${newStatus}`, schemas, record);
  }
  for (const status of Object.keys(current.responses)) {
    if (Object.hasOwn(old.responses, status)) continue;
    const covered = Object.keys(old.responses).some(
      (oldStatus) => !Object.hasOwn(current.responses, oldStatus) && coveringRange(oldStatus, current.responses) === status,
    );
    if (!covered) record('response-status-added', [`response ${status}`], 'status added');
  }
}

function coveringRange(status: string, responses: Readonly<Record<string, SpecResponse>>): string | undefined {
  if (!/^\d{3}$/.test(status)) return undefined;
  return Object.keys(responses).find((candidate) => candidate.toUpperCase() === `${status[0]}XX`);
}

function compareResponse(old: SpecResponse, current: SpecResponse, label: string, schemas: SchemaComparison, record: OperationChanges): void {
  compareContent(old.content, current.content, { direction: 'response', within: [label], name: 'body' }, schemas, record);
  const oldHeaders = headersByName(old.headers);
  const newHeaders = headersByName(current.headers);
  for (const [key, [name, oldHeader]] of oldHeaders) {
    const newEntry = newHeaders.get(key);
    if (!newEntry) {
      if (oldHeader.required) record('response-required-header-removed', [label, `header ${name}`], 'removed (it was required)');
      else record('response-optional-header-removed', [label, `header ${name}`], 'removed');
      continue;
    }
    const [newName, newHeader] = newEntry;
    const at = [label, `header ${newName}`];
    if (oldHeader.required !== newHeader.required) {
      if (newHeader.required) record('response-header-became-required', at, 'became required');
      else record('response-header-became-optional', at, 'became optional');
    }
    if (oldHeader.schema || newHeader.schema) schemas.compare(oldHeader.schema ?? {}, newHeader.schema ?? {}, 'response', at);
  }
  for (const [key, [name]] of newHeaders) {
    if (!oldHeaders.has(key)) record('response-header-added', [label, `header ${name}`], 'added');
  }
}

/** Header names are compared in any case, and shown as the spec writes them. */
function headersByName(headers: Readonly<Record<string, SpecHeader>> | undefined): Map<string, [string, SpecHeader]> {
  return new Map(Object.entries(headers ?? {}).map(([name, header]) => [name.toLowerCase(), [name, header]]));
}
