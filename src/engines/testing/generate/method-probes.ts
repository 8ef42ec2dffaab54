import type { FalconSpec } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import type { ChainableOperation } from './chain-step.js';
import { withBody } from './operation-case.js';
import { caseRequest } from './request-values.js';

/**
 * The methods probed where a path does not document them. HEAD and OPTIONS are left out (servers
 * answer them for every path they route, rightly), TRACE too (often refused at the proxy).
 */
const PROBED_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
const BODY_METHODS = new Set(['PUT', 'POST', 'PATCH']);

/**
 * unsupported_method's probes: for each path of the operations in scope, each of PROBED_METHODS
 * the whole spec documents on no operation of that path (at most four a path). The request is the
 * valid one of an operation on the path, its method changed: with the body of one that has a body
 * for PUT, POST and PATCH, without one for GET and DELETE.
 */
export function methodProbes(operations: readonly ChainableOperation[], spec: FalconSpec, ids: CaseIds): TestCase[] {
  const documented = new Map<string, Set<string>>();
  for (const operation of spec.operations) {
    const route = routeOf(operation.path);
    documented.set(route, (documented.get(route) ?? new Set()).add(operation.method));
  }
  const byPath = new Map<string, ChainableOperation[]>();
  for (const entry of operations) byPath.set(entry.operation.path, [...(byPath.get(entry.operation.path) ?? []), entry]);
  const cases: TestCase[] = [];
  for (const [path, onPath] of byPath) {
    const known = documented.get(routeOf(path)) ?? new Set();
    for (const method of PROBED_METHODS.filter((candidate) => !known.has(candidate))) {
      const sendsBody = BODY_METHODS.has(method);
      const anchor = (sendsBody && onPath.find((entry) => entry.values.body)) || onPath[0]!;
      const values = sendsBody ? anchor.values : withBody(anchor.values, undefined);
      const request = { ...caseRequest(anchor.operation, values, spec), method };
      cases.push({
        id: ids.next(anchor.operation.id, 'probe', `${method.toLowerCase()}-undocumented`),
        name: `${method} ${path}, a method the spec does not document there (expects 405)`,
        kind: 'probe',
        operationId: anchor.operation.id,
        tags: [...anchor.operation.tags],
        request,
        mutation: `method ${method}, not documented for ${path}`,
        probe: 'unsupported_method',
      });
    }
  }
  return cases;
}

/** `/pets/{petId}` and `/pets/{id}` are the same route. */
function routeOf(path: string): string {
  return path.replace(/\/+$/, '').replace(/\{[^}]*\}/g, '{}') || '/';
}
