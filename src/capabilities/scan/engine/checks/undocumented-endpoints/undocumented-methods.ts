import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import { pathParameterNames } from '../../../../../engines/testing/path-template.js';
import type { ScanRequest } from '../../scan-exchange.js';
import { isAuthPath, isConsequentialPath } from '../support/operations.js';
import { PROBE_CAPS } from './probe-caps.js';

/** What a write goes with: an empty object, which a merge changes nothing with and a create makes nothing of. */
const HARMLESS_BODY = {};
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WITH_BODY = new Set(['PATCH', 'PUT', 'POST']);
const PROBED_METHODS = ['PATCH', 'PUT', 'POST', 'GET', 'HEAD', 'OPTIONS', 'DELETE'];

/** A documented path sent a method the spec does not list for it. */
export interface MethodProbe {
  /** The path template, `/products/{productId}`. */
  path: string;
  /** The methods the spec lists for it. */
  documented: string[];
  request: ScanRequest;
}

/**
 * Each documented path with the methods the spec does not list for it, the most telling first: a
 * write to a read-only path (one object before a collection), a read of a write-only one, another
 * write, then HEAD (where GET is not documented: HEAD is GET without a body) and OPTIONS. PATCH and
 * POST go with an empty object; PUT (which replaces) and DELETE only with `allowDestructive`; no
 * write to a path that logs in or out, pays, sends or resets. The path's parameters take the values
 * of a valid request of one of its operations; a path without them is left out. At most
 * PROBE_CAPS.methodProbes.
 */
export function undocumentedMethods(
  operations: readonly SpecOperation[],
  validRequest: (operation: SpecOperation) => ScanRequest | undefined,
  allowDestructive: boolean,
): MethodProbe[] {
  const byPath = new Map<string, SpecOperation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const ranked: Array<{ rank: number; probe: MethodProbe }> = [];
  for (const [path, pathOperations] of byPath) {
    const pathParams = parameterValues(path, pathOperations, validRequest);
    if (!pathParams) continue;
    const documented = pathOperations.map((operation) => operation.method);
    for (const method of PROBED_METHODS) {
      const rank = rankOf(method, path, documented, allowDestructive);
      if (rank === undefined) continue;
      const request: ScanRequest = { method, path, pathParams, ...(WITH_BODY.has(method) && { body: HARMLESS_BODY }) };
      ranked.push({ rank, probe: { path, documented, request } });
    }
  }
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, PROBE_CAPS.methodProbes)
    .map(({ probe }) => probe);
}

/** Where the method stands among the probes of a path, lowest first; undefined when it is not probed there. */
function rankOf(method: string, path: string, documented: readonly string[], allowDestructive: boolean): number | undefined {
  if (documented.includes(method)) return undefined;
  if (method === 'HEAD') return documented.includes('GET') ? undefined : 4;
  if (method === 'OPTIONS') return 4;
  if (method === 'GET') return 2;
  if ((method === 'PUT' || method === 'DELETE') && !allowDestructive) return undefined;
  if (isConsequentialPath(path) || isAuthPath(path)) return undefined;
  if (method === 'DELETE') return 5;
  if (!documented.every((other) => READS.has(other))) return 3;
  return path.includes('{') ? 0 : 1;
}

/** The path's parameters, from the first of its operations' valid requests that has them all (`{}` for a path without). */
function parameterValues(
  path: string,
  operations: readonly SpecOperation[],
  validRequest: (operation: SpecOperation) => ScanRequest | undefined,
): Record<string, string | number | boolean> | undefined {
  const names = pathParameterNames(path);
  if (names.length === 0) return {};
  for (const operation of operations) {
    const pathParams = validRequest(operation)?.pathParams;
    if (pathParams && names.every((name) => pathParams[name] !== undefined)) return Object.fromEntries(names.map((name) => [name, pathParams[name]!]));
  }
  return undefined;
}
