import type { FalconSpec, SpecOperation } from '../../../../engines/spec/spec-format.js';
import { pathParameterNames } from '../../../../engines/testing/path-template.js';
import { isAuthPath } from '../checks/support/operations.js';
import { requestProperties } from '../checks/support/objects.js';
import { jsonBody, type ScanExchange, type ScanRequest } from '../scan-exchange.js';

/**
 * Fields a server sets on every write and no client sets back: a modification time, a version or
 * revision counter, an ETag. Left out of every comparison: a field named otherwise that the scan
 * changed and the API would not take back is listed, read-only or not.
 */
const SERVER_MANAGED =
  /^(updated|modified|changed|last_?modified|last_?updated|last_?changed)(_?(at|on|time|date|timestamp))?$|^(version|etag|revision|rev|lock_?version|_?_v)$/i;

export function isServerManaged(field: string): boolean {
  return SERVER_MANAGED.test(field);
}

/** An object a write may change: the GET that reads it, and its filled path. */
export interface ObjectPath {
  request: ScanRequest;
  concrete: string;
}

/**
 * The object a write changes, when the spec can read it: a PUT or PATCH's own path (`/addresses/{id}`)
 * or the object above it (`PUT /me/avatar` changes `/me`); a POST's when it acts on one object
 * (`POST /orders/{id}/cancel`), never a create of a collection. Logins and other auth paths are no object.
 */
export function objectPathsOf(request: ScanRequest, operations: readonly SpecOperation[], login: SpecOperation | undefined): ObjectPath[] {
  const method = request.method.toUpperCase();
  const template = request.path.split('?')[0]!;
  if (!['PUT', 'PATCH', 'POST'].includes(method) || isAuthPath(template) || (login && login.path === template)) return [];
  const parent = template.slice(0, template.lastIndexOf('/'));
  const candidates = method === 'POST' ? [template, parent].filter((path) => path.endsWith('}')) : [template, parent];
  const path = candidates.find((candidate) => candidate !== '' && operations.some((operation) => operation.method === 'GET' && operation.path === candidate));
  if (path === undefined) return [];
  const names = pathParameterNames(path);
  const values = request.pathParams ?? {};
  if (!names.every((name) => values[name] !== undefined)) return [];
  const pathParams = Object.fromEntries(names.map((name) => [name, values[name]!]));
  const concrete = path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => encodeURIComponent(String(pathParams[name])));
  return [{ request: { method: 'GET', path, pathParams }, concrete }];
}

/** The object a 2xx GET answered: a JSON object (not a list). */
export function readObject(exchange: ScanExchange): Record<string, unknown> | undefined {
  if (exchange.response.status < 200 || exchange.response.status > 299) return undefined;
  const body = jsonBody(exchange.response);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** The fields whose values differ, those the server manages aside: changed, added or gone. */
export function differingFields(before: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(now)])];
  return fields.filter((field) => !isServerManaged(field) && !sameJson(before[field], now[field]));
}

/**
 * The write that sets the object back: a PATCH of the fields that differ (their old values; a flag
 * that was absent goes back to false), else a PUT of the object as it was (the properties its body
 * takes). Undefined when the spec has neither, or nothing could be sent.
 */
export function restoreRequest(read: ScanRequest, before: Record<string, unknown>, now: Record<string, unknown>, spec: FalconSpec): ScanRequest | undefined {
  const at = (method: string) => spec.operations.find((operation) => operation.method === method && operation.path === read.path);
  const patch = at('PATCH');
  if (patch) {
    const body = Object.fromEntries(
      differingFields(before, now).flatMap((field) => {
        if (before[field] !== undefined) return [[field, before[field]]];
        return typeof now[field] === 'boolean' ? [[field, false]] : [];
      }),
    );
    return Object.keys(body).length > 0 ? { method: 'PATCH', path: read.path, pathParams: read.pathParams, body } : undefined;
  }
  const put = at('PUT');
  if (!put) return undefined;
  const writable = requestProperties(put, spec)?.writable;
  const body = Object.fromEntries(Object.entries(before).filter(([field]) => !isServerManaged(field) && (!writable || writable.has(field))));
  return { method: 'PUT', path: read.path, pathParams: read.pathParams, body };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
