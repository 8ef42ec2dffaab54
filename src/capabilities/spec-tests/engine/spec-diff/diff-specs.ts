import type { FalconSpec, SpecOperation } from '../../../../engines/spec/spec-format.js';
import { plainId } from '../../../../engines/spec/unique-id.js';
import { compareRequestBody, compareResponses } from './body-changes.js';
import { SEVERITIES } from './diff-rules.js';
import { compareParameters, pathShape } from './parameter-changes.js';
import { SchemaComparison } from './schema-comparison.js';
import { SchemaDigests } from './schema-digests.js';
import { SchemaReader } from './schema-view.js';
import { compareSecurity, compareSecuritySchemes } from './security-changes.js';
import { ChangeLog, type OperationChanges, type SpecChange } from './spec-change.js';

const METHOD_ORDER = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE'];

/**
 * Every change from the old spec to the new one, each with its rule, severity and place, in an order
 * that depends on neither spec's key order: the document's own changes first, then by path and
 * method, within an operation breaking first, then by location.
 */
export function diffSpecs(old: FalconSpec, current: FalconSpec): SpecChange[] {
  const log = new ChangeLog();
  const readers = { old: new SchemaReader(old.schemas ?? {}), new: new SchemaReader(current.schemas ?? {}) };
  const digests = new SchemaDigests();
  const refsAlike = digests.same(old.schemas ?? {}, current.schemas ?? {}, true);
  compareServers(old, current, log);
  compareSecuritySchemes(old.securitySchemes, current.securitySchemes, log);
  const { pairs, removed, added } = pairOperations(old.operations, current.operations);
  for (const operation of removed) {
    if (operation.deprecated) log.record('deprecated-operation-removed', labelOf(operation), [], 'operation removed (it was deprecated)');
    else log.record('operation-removed', labelOf(operation), [], 'operation removed');
  }
  for (const operation of added) log.record('operation-added', labelOf(operation), [], 'operation added');
  for (const [before, after] of pairs) {
    const record = log.forOperation(labelOf(after));
    compareOperation(before, after, new SchemaComparison(readers.old, readers.new, digests, refsAlike, record), record);
  }
  return sortChanges(log.changes);
}

function compareOperation(old: SpecOperation, current: SpecOperation, schemas: SchemaComparison, record: OperationChanges): void {
  if (!old.deprecated && current.deprecated) record('operation-deprecated', [], 'operation deprecated');
  if (old.id !== current.id && hasOwnId(old) && hasOwnId(current)) {
    record('operation-id-changed', [], `operationId changed from ${JSON.stringify(old.id)} to ${JSON.stringify(current.id)}`);
  }
  compareParameters(old, current, schemas, record);
  compareRequestBody(old, current, schemas, record);
  compareResponses(old, current, schemas, record);
  compareSecurity(old.security, current.security, record);
}

/** An id ingest made from the method and path says nothing of the spec's operationId. */
function hasOwnId(operation: SpecOperation): boolean {
  return operation.id !== plainId(`${operation.method.toLowerCase()} ${operation.path}`);
}

/** Operations paired by method and path, then by method and the path's shape (its parameters renamed). */
function pairOperations(old: readonly SpecOperation[], current: readonly SpecOperation[]) {
  const left = new Set(current);
  const pairs: Array<[SpecOperation, SpecOperation]> = [];
  const removed: SpecOperation[] = [];
  const unpaired: SpecOperation[] = [];
  for (const operation of old) {
    const same = [...left].find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
    if (same) {
      pairs.push([operation, same]);
      left.delete(same);
    } else unpaired.push(operation);
  }
  for (const operation of unpaired) {
    const alike = [...left].find((candidate) => candidate.method === operation.method && pathShape(candidate.path) === pathShape(operation.path));
    if (alike) {
      pairs.push([operation, alike]);
      left.delete(alike);
    } else removed.push(operation);
  }
  return { pairs, removed, added: [...left] };
}

function compareServers(old: FalconSpec, current: FalconSpec, log: ChangeLog): void {
  if (current.servers.length === 0) return;
  for (const server of old.servers) {
    if (!current.servers.some((candidate) => sameServer(server.url, candidate.url)))
      log.record('server-removed', undefined, ['servers'], `${server.url} removed`);
  }
}

/** The same URL, or the same path when one of them is relative (a spec read from a file and the same one served at a URL). */
function sameServer(a: string, b: string): boolean {
  const [first, second] = [a, b].map((url) => url.replace(/\/+$/, '').toLowerCase());
  if (first === second) return true;
  const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:\/\//.test(url);
  if (isAbsolute(first!) && isAbsolute(second!)) return false;
  return pathOf(first!) === pathOf(second!);
}

function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/, '') || '/';
}

function labelOf(operation: SpecOperation): string {
  return `${operation.method} ${operation.path}`;
}

function sortChanges(changes: SpecChange[]): SpecChange[] {
  const keyed = changes.map((change) => ({ change, key: sortKey(change) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return keyed.map(({ change }) => change);
}

function sortKey(change: SpecChange): Array<string | number> {
  const [method = '', ...path] = change.operation?.split(' ') ?? [];
  const methodRank = METHOD_ORDER.indexOf(method);
  return [
    change.operation === undefined ? 0 : 1,
    path.join(' '),
    methodRank === -1 ? METHOD_ORDER.length : methodRank,
    method,
    SEVERITIES.indexOf(change.severity),
    change.location.join('\u0000'),
    change.rule,
    change.message,
  ];
}

function compareKeys(a: Array<string | number>, b: Array<string | number>): number {
  for (let index = 0; index < a.length; index++) {
    const [x, y] = [a[index]!, b[index]!];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}
