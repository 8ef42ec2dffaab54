import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { afterDeleteChain } from './after-delete-chain.js';
import type { CaseIds } from './case-ids.js';
import { valueAt, withField } from './body-fields.js';
import { chainStep, goneStatuses, jsonPathOf, type ChainableOperation } from './chain-step.js';
import { operationLabel } from './operation-case.js';
import { pathValue } from './parameter-text.js';
import type { RequestValues } from './request-values.js';
import { responseIdentifier } from './response-identifier.js';

/** The steps after the create, in the order they run, with what their names say. */
const ITEM_STEPS: Array<{ method: string; slug: string; does: string }> = [
  { method: 'GET', slug: 'read-created', does: 'reads the created resource' },
  { method: 'PUT', slug: 'replace-created', does: 'replaces it' },
  { method: 'PATCH', slug: 'update-created', does: 'updates it' },
  { method: 'DELETE', slug: 'delete-created', does: 'deletes it' },
];

/**
 * Chains inferred from the paths: a POST on a collection (`/pets`) whose success response has an
 * identifier feeds the operations on its items (`/pets/{petId}`): create → read → replace →
 * update → delete → read again (expecting 404 or 410 when the spec documents them). The
 * identifier is extracted from the create's response and sent as `{{petId}}`. Operations whose
 * OpenAPI links already made a chain (`linked`) are left to those. Each step after the create says
 * whether the resource should be there (`created`) or gone (`deleted`); its PUT and PATCH read the
 * object back. Beside it, a chain that changes the resource after deleting it (after-delete-chain.ts).
 */
export function inferredChains(operations: ChainableOperation[], linked: ReadonlySet<string>, spec: FalconSpec, ids: CaseIds, chainIds: CaseIds): TestCase[] {
  const cases: TestCase[] = [];
  for (const create of operations) {
    const { operation } = create;
    if (operation.method !== 'POST' || operation.path.endsWith('}') || linked.has(operation.id)) continue;
    const collection = operation.path.replace(/\/+$/, '');
    const itemPaths = new Map<string, string>();
    for (const { operation: other } of operations) {
      const match = other.path.startsWith(`${collection}/`) ? /^\{([^}]+)\}\/?$/.exec(other.path.slice(collection.length + 1)) : null;
      if (match?.[1]) itemPaths.set(other.path, match[1]);
    }
    for (const [itemPath, parameter] of itemPaths) {
      cases.push(
        ...itemChain(
          create,
          operations.filter(({ operation: other }) => other.path === itemPath),
          parameter,
          spec,
          ids,
          chainIds,
        ),
      );
    }
  }
  return cases;
}

function itemChain(create: ChainableOperation, items: ChainableOperation[], parameter: string, spec: FalconSpec, ids: CaseIds, chainIds: CaseIds): TestCase[] {
  const collection = create.operation.path.replace(/\/+$/, '').split('/').pop() ?? '';
  const identifier = responseIdentifier(create.operation, parameter, collection, spec);
  if (!identifier) return [];
  const steps = ITEM_STEPS.flatMap((step) => {
    const target = items.find(({ operation }) => operation.method === step.method);
    return target ? [{ ...step, target }] : [];
  });
  if (steps.length === 0) return [];
  const read = steps.find((step) => step.method === 'GET');
  const deletes = steps.some((step) => step.method === 'DELETE');
  const final = read && deletes ? [{ method: 'GET', slug: 'read-deleted', does: 'finds it gone', target: read.target }] : [];
  const all = [...steps, ...final];
  const total = all.length + 1;
  const chainId = chainIds.next(create.operation.id, 'stateful', `chain-${parameter}`);
  // The create's own path parameters (`/owners/{ownerId}/pets`) keep their values in every step.
  const shared: Record<string, string | number | boolean> = {};
  for (const { parameter: path, value } of create.values.parameters) if (path.in === 'path') shared[path.name] = pathValue(value);
  const placeholder = `{{${parameter}}}`;
  const itemOverrides = (operation: SpecOperation) => ({ path: { ...sharedFor(operation, shared), [parameter]: placeholder } });
  const createId = ids.next(create.operation.id, 'stateful', 'create');
  let deletedBy: string | undefined;
  const cases = [
    chainStep({
      chainId,
      step: 1,
      id: createId,
      name: `${operationLabel(create.operation)} creates the resource the chain uses (step 1 of ${total})`,
      target: { ...create, values: withOwnKey(create, identifier) },
      spec,
      extract: { [parameter]: jsonPathOf(identifier) },
    }),
  ];
  all.forEach((step, index) => {
    const isFinal = index === all.length - 1 && step.slug === 'read-deleted';
    const gone = isFinal ? goneStatuses(step.target.operation) : [];
    const id = ids.next(step.target.operation.id, 'stateful', step.slug);
    const overrides = itemOverrides(step.target.operation);
    const writes = step.method === 'PUT' || step.method === 'PATCH';
    cases.push(
      chainStep({
        chainId,
        step: index + 2,
        id,
        name: `${operationLabel(step.target.operation)} ${step.does}${gone.length > 0 ? ` (expects ${gone.join(' or ')})` : ''} (step ${index + 2} of ${total})`,
        target: step.target,
        spec,
        overrides,
        ...(gone.length > 0 && { expectStatus: gone }),
        resource: deletedBy ? { state: 'deleted', by: deletedBy } : { state: 'created', by: createId },
        ...(writes && read && { readBack: { target: read.target, overrides: itemOverrides(read.target.operation) } }),
      }),
    );
    if (step.method === 'DELETE') deletedBy = id;
  });
  const changes = steps.filter((step) => step.method === 'PATCH' || step.method === 'PUT').map((step) => step.target);
  const remove = steps.find((step) => step.method === 'DELETE')?.target;
  if (remove) cases.push(...afterDeleteChain({ create, remove, changes, parameter, identifier, itemOverrides, spec, ids, chainIds }));
  return cases;
}

function sharedFor(operation: SpecOperation, shared: Record<string, string | number | boolean>): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(shared).filter(([name]) => operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)),
  );
}

/**
 * The create's values with a key of its own where the request names the object (`{"name": "Rex"}`
 * for `/pets/{petName}`), taken from its other body: so the chain changes and deletes its own pet,
 * not the one the other cases made with the same values. Server-given ids need nothing.
 */
function withOwnKey(create: ChainableOperation, identifier: string[]): RequestValues {
  const body = create.values.body;
  const sent = body && valueAt(body.value, identifier);
  const other = create.otherBody && valueAt(create.otherBody.value, identifier);
  if (!body || sent === undefined || other === undefined || other === sent) return create.values;
  return { ...create.values, body: { ...body, value: withField(body.value, identifier, other) } };
}
