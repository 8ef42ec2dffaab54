import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import { chainStep, goneStatuses, jsonPathOf, type ChainableOperation, type StepOverrides } from './chain-step.js';
import { operationLabel } from './operation-case.js';

export interface AfterDeleteInput {
  create: ChainableOperation;
  remove: ChainableOperation;
  /** The item's PATCH and PUT, in that order of preference. */
  changes: ChainableOperation[];
  /** The item path parameter the create's identifier fills. */
  parameter: string;
  /** Where the create's answer holds it. */
  identifier: string[];
  /** The path values a step on the item sends: the chain's identifier, the create's own path parameters. */
  itemOverrides(operation: SpecOperation): StepOverrides;
  spec: FalconSpec;
  ids: CaseIds;
  chainIds: CaseIds;
}

/**
 * use_after_free's chain beside an inferred create → … → delete chain: create a resource, delete
 * it, then update it (PATCH) and replace it (PUT), which must not succeed on what is gone (a PUT's
 * 201, making it anew, aside). Apart from the main chain, so that it runs whatever the read after
 * that chain's delete found. Only the changes whose operation documents how it answers a gone
 * resource (404 or 410) are sent; none of them, no chain.
 */
export function afterDeleteChain(input: AfterDeleteInput): TestCase[] {
  const { create, remove, parameter, spec, ids } = input;
  const changes = input.changes.filter(({ operation }) => goneStatuses(operation).length > 0).sort((a, b) => rank(a) - rank(b));
  if (changes.length === 0) return [];
  const total = changes.length + 2;
  const chainId = input.chainIds.next(create.operation.id, 'stateful', `chain-${parameter}-after-delete`);
  const createId = ids.next(create.operation.id, 'stateful', 'create-to-delete');
  const deleteId = ids.next(remove.operation.id, 'stateful', 'delete-before-change');
  const cases = [
    chainStep({
      chainId,
      step: 1,
      id: createId,
      name: `${operationLabel(create.operation)} creates a resource to delete, then change (step 1 of ${total})`,
      target: create,
      spec,
      extract: { [parameter]: jsonPathOf(input.identifier) },
    }),
    chainStep({
      chainId,
      step: 2,
      id: deleteId,
      name: `${operationLabel(remove.operation)} deletes it (step 2 of ${total})`,
      target: remove,
      spec,
      overrides: input.itemOverrides(remove.operation),
      resource: { state: 'created', by: createId },
    }),
  ];
  changes.forEach((change, index) => {
    const { operation } = change;
    const does = operation.method === 'PATCH' ? 'updates' : 'replaces';
    cases.push(
      chainStep({
        chainId,
        step: index + 3,
        id: ids.next(operation.id, 'stateful', operation.method === 'PATCH' ? 'update-deleted' : 'replace-deleted'),
        name: `${operationLabel(operation)} ${does} it after the delete (step ${index + 3} of ${total})`,
        target: change,
        spec,
        overrides: input.itemOverrides(operation),
        resource: { state: 'deleted', by: deleteId },
      }),
    );
  });
  return cases;
}

/** PATCH before PUT: a PUT may make the resource anew, after which an update would rightly succeed. */
function rank({ operation }: ChainableOperation): number {
  return operation.method === 'PATCH' ? 0 : 1;
}
