import type { FalconSpec } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import type { CheckName } from '../test-run.js';
import { authProbes } from './auth-probes.js';
import type { CaseIds } from './case-ids.js';
import type { ChainableOperation } from './chain-step.js';
import { methodProbes } from './method-probes.js';
import type { Strategy } from './strategies.js';
import { walkProbes } from './walk-probes.js';

/**
 * The requests of the checks that send their own (`probe` cases), for the checks that are on:
 * ignored_auth's (two per operation that declares security), unsupported_method's (at most four
 * per path) and pagination_consistency's (a walk of each paginated list, with the stateful
 * strategy: like a chain, it needs a server that keeps what it holds, which a mock does not). None for a Postman collection: it shows how requests were sent, not which methods and
 * credentials the API requires.
 */
export function probeCases(
  operations: readonly ChainableOperation[],
  spec: FalconSpec,
  ids: CaseIds,
  checks: readonly CheckName[],
  strategies: ReadonlySet<Strategy>,
): TestCase[] {
  if (spec.kind === 'postman') return [];
  const cases: TestCase[] = [];
  if (checks.includes('ignored_auth')) for (const operation of operations) cases.push(...authProbes(operation, spec, ids));
  if (checks.includes('unsupported_method')) cases.push(...methodProbes(operations, spec, ids));
  if (checks.includes('pagination_consistency') && strategies.has('stateful')) cases.push(...walkProbes(operations, spec, ids));
  return cases;
}
