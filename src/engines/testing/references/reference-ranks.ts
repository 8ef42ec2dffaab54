import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { isCollectionPath, pathResource } from './resource-names.js';
import { declaredReferences } from './spec-references.js';

/**
 * How late a case must run for the API to have answered, by then, the operations that give the
 * things its operation refers to: 0 for an operation that refers to nothing (or to nothing the run
 * lists or creates); else one more than the latest operation listing or creating (GET or POST on a
 * collection: `/customers`, `/customers/{id}/orders`) a resource its spec names in a path or a
 * body. So `GET /orders/{orderId}` waits for `POST /orders`, which waits for what gives it a
 * `customerId`. Every case of an operation goes together, those that send their own value too:
 * whether the API has customer 1 by then must not hang on a race. A cycle is cut where it closes.
 */
export function referenceRanks(spec: FalconSpec, inRun: ReadonlySet<string>): (testCase: TestCase) => number {
  const operations = spec.operations.filter((operation) => inRun.has(operation.id));
  const byId = new Map(operations.map((operation) => [operation.id, operation]));
  const declared = new Map<string, Set<string>>();
  for (const reference of declaredReferences(spec, operations)) {
    if (reference.resource === undefined) continue;
    const resources = declared.get(reference.operation.id) ?? new Set<string>();
    declared.set(reference.operation.id, resources.add(reference.resource));
  }
  const producers = (resource: string) =>
    operations.filter(
      (operation) =>
        (operation.method === 'GET' || operation.method === 'POST') && isCollectionPath(operation.path) && pathResource(operation.path) === resource,
    );
  const ranks = new Map<string, number>();
  const visiting = new Set<string>();
  const needs = (resource: string, consumer: SpecOperation): number =>
    Math.max(0, ...producers(resource).map((producer) => (producer.id === consumer.id ? 0 : 1 + operationRank(producer))));
  const operationRank = (operation: SpecOperation): number => {
    const known = ranks.get(operation.id);
    if (known !== undefined) return known;
    if (visiting.has(operation.id)) return 0;
    visiting.add(operation.id);
    const rank = Math.max(0, ...[...(declared.get(operation.id) ?? [])].map((resource) => needs(resource, operation)));
    visiting.delete(operation.id);
    ranks.set(operation.id, rank);
    return rank;
  };
  return (testCase) => {
    const operation = testCase.operationId === undefined ? undefined : byId.get(testCase.operationId);
    return operation ? operationRank(operation) : 0;
  };
}
