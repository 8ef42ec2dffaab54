import type { FalconSpec, SpecLink, SpecOperation } from '../../spec/spec-format.js';
import { refPointerSegment } from '../../spec/ref-pointer-segment.js';
import type { TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import { chainStep, goneStatuses, jsonPathOf, type ChainableOperation, type StepOverrides } from './chain-step.js';
import { operationLabel } from './operation-case.js';
import { pathOrHeaderText } from './parameter-text.js';

/** Reads before writes, deletes last. */
const METHOD_ORDER = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST'];

interface LinkedStep {
  name: string;
  target: ChainableOperation;
  overrides: StepOverrides;
}

/**
 * Chains the spec declares with OpenAPI links: an operation, then each operation its success
 * responses link to, reads before writes and deletes last (and a read again after a delete).
 * `$response.body#/pointer` parameters are extracted from the first step and sent as `{{name}}`;
 * `$request.*` ones repeat what the first step sent; constants are sent as they are. A link with
 * an expression Falcon cannot evaluate (a response header, `$url`) is left out. When a POST starts
 * the chain, the steps on the items below its path, up to the delete, should find what it created;
 * the read after the delete should find it gone (TestCase.resource); a PUT or PATCH among them reads
 * the object back through the chain's GET of its path.
 * Returns the cases and the ids of the operations that start a chain.
 */
export function linkChains(operations: ChainableOperation[], spec: FalconSpec, ids: CaseIds, chainIds: CaseIds): { cases: TestCase[]; sources: Set<string> } {
  const byId = new Map(operations.map((entry) => [entry.operation.id, entry]));
  const cases: TestCase[] = [];
  const sources = new Set<string>();
  for (const source of operations) {
    const extract: Record<string, string> = {};
    const steps = successLinks(source.operation).flatMap(([name, link]): LinkedStep[] => {
      const target = byId.get(link.operationId);
      const overrides = target && linkOverrides(link, source, target, extract);
      return target && overrides ? [{ name, target, overrides }] : [];
    });
    if (steps.length === 0) continue;
    sources.add(source.operation.id);
    steps.sort((a, b) => methodRank(a.target.operation) - methodRank(b.target.operation));
    const deleted = steps.find((step) => step.target.operation.method === 'DELETE');
    const reread = deleted && steps.find((step) => step.target.operation.method === 'GET' && step.target.operation.path === deleted.target.operation.path);
    const total = steps.length + (reread ? 2 : 1);
    const chainId = chainIds.next(source.operation.id, 'stateful', 'links-chain');
    const sourceId = ids.next(source.operation.id, 'stateful', 'links');
    const creates = source.operation.method === 'POST';
    let deletedBy: string | undefined;
    cases.push(
      chainStep({
        chainId,
        step: 1,
        id: sourceId,
        name: `${operationLabel(source.operation)} starts the chain of its links (step 1 of ${total})`,
        target: source,
        spec,
        extract,
      }),
    );
    steps.forEach((step, index) => {
      const id = ids.next(step.target.operation.id, 'stateful', `via-${step.name}`);
      // Only a step whose path parameters all come from the chain names what the POST created.
      const linkedPath = step.target.operation.parameters.every((parameter) => parameter.in !== 'path' || step.overrides.path?.[parameter.name] !== undefined);
      const created = creates && !deletedBy && linkedPath && isItemOf(source.operation.path, step.target.operation.path);
      const read = created && readOf(step, steps);
      cases.push(
        chainStep({
          chainId,
          step: index + 2,
          id,
          name: `${operationLabel(step.target.operation)} via link "${step.name}" (step ${index + 2} of ${total})`,
          target: step.target,
          spec,
          overrides: step.overrides,
          ...(created && { resource: { state: 'created' as const, by: sourceId } }),
          ...(read && { readBack: { target: read.target, overrides: read.overrides } }),
        }),
      );
      if (step === deleted) deletedBy = id;
    });
    if (reread) {
      const gone = goneStatuses(reread.target.operation);
      cases.push(
        chainStep({
          chainId,
          step: total,
          id: ids.next(reread.target.operation.id, 'stateful', `via-${reread.name}-after-delete`),
          name: `${operationLabel(reread.target.operation)} via link "${reread.name}" after the delete${gone.length > 0 ? ` (expects ${gone.join(' or ')})` : ''} (step ${total} of ${total})`,
          target: reread.target,
          spec,
          overrides: reread.overrides,
          ...(gone.length > 0 && { expectStatus: gone }),
          ...(deletedBy && { resource: { state: 'deleted' as const, by: deletedBy } }),
        }),
      );
    }
  }
  return { cases, sources };
}

/** For a PUT or PATCH step, the chain's GET of the same path: what reads the object back after it. */
function readOf(step: LinkedStep, steps: readonly LinkedStep[]): LinkedStep | undefined {
  const { method, path } = step.target.operation;
  if (method !== 'PUT' && method !== 'PATCH') return undefined;
  return steps.find((other) => other.target.operation.method === 'GET' && other.target.operation.path === path);
}

/** `/owners/{ownerId}/pets/{petId}` is below `/owners/{id}/pets` (any parameter matches any, `pet` matches `pets`). */
function isItemOf(collection: string, path: string): boolean {
  const outer = collection.replace(/\/+$/, '').split('/');
  const inner = path.replace(/\/+$/, '').split('/');
  if (inner.length <= outer.length) return false;
  const same = (a: string, b: string) => (a.startsWith('{') && b.startsWith('{')) || a.replace(/s$/, '') === b.replace(/s$/, '');
  return outer.every((segment, index) => same(segment, inner[index]!));
}

function successLinks(operation: SpecOperation): Array<[string, SpecLink]> {
  const links = new Map<string, SpecLink>();
  const statuses = Object.keys(operation.responses)
    .filter((status) => /^2(\d\d|XX)$/i.test(status))
    .sort();
  for (const status of statuses) {
    for (const [name, link] of Object.entries(operation.responses[status]?.links ?? {})) if (!links.has(name)) links.set(name, link);
  }
  return [...links];
}

function methodRank(operation: SpecOperation): number {
  const index = METHOD_ORDER.indexOf(operation.method);
  return operation.method === 'DELETE' ? METHOD_ORDER.length + 1 : index === -1 ? METHOD_ORDER.length : index;
}

/** What the link makes the target send, adding the extractions it needs to `extract`; undefined when it cannot be followed. */
function linkOverrides(link: SpecLink, source: ChainableOperation, target: ChainableOperation, extract: Record<string, string>): StepOverrides | undefined {
  const overrides: Required<Pick<StepOverrides, 'path' | 'query' | 'header'>> = { path: {}, query: {}, header: {} };
  // Extractions are kept only when the whole link can be followed.
  const extractions = { ...extract };
  for (const [key, expression] of Object.entries(link.parameters ?? {})) {
    const qualified = /^(path|query|header|cookie)\.(.+)$/.exec(key);
    const name = qualified?.[2] ?? key;
    const place = qualified?.[1] ?? target.operation.parameters.find((parameter) => parameter.name === name)?.in;
    if (place !== 'path' && place !== 'query' && place !== 'header') continue;
    const value = linkValue(expression, name, source, extractions);
    if (value === undefined) return undefined;
    overrides[place][name] = place === 'header' ? String(value) : value;
  }
  Object.assign(extract, extractions);
  const body = link.requestBody;
  return { ...overrides, ...(body !== undefined && !isExpression(body) && { body }) };
}

function linkValue(expression: unknown, name: string, source: ChainableOperation, extract: Record<string, string>): string | number | boolean | undefined {
  if (typeof expression === 'number' || typeof expression === 'boolean') return expression;
  if (typeof expression !== 'string') return expression === null || expression === undefined ? undefined : JSON.stringify(expression);
  const pointer = /^\$response\.body#(\/.*)$/.exec(expression);
  if (pointer?.[1]) {
    const path = pointer[1]
      .slice(1)
      .split('/')
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : refPointerSegment(segment)));
    const jsonPath = jsonPathOf(path);
    let variable = name;
    for (let n = 2; extract[variable] !== undefined && extract[variable] !== jsonPath; n++) variable = `${name}_${n}`;
    extract[variable] = jsonPath;
    return `{{${variable}}}`;
  }
  const sent = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  if (sent) {
    const given = source.values.parameters.find(({ parameter }) => parameter.in === sent[1] && parameter.name.toLowerCase() === sent[2]!.toLowerCase());
    return given && pathOrHeaderText(given.value);
  }
  return isExpression(expression) ? undefined : expression;
}

/** A runtime expression (`$response.header.Location`) or a string embedding one (`/pets/{$response.body#/id}`). */
function isExpression(value: unknown): boolean {
  return typeof value === 'string' && (value.startsWith('$') || value.includes('{$'));
}
