import type { FalconSpec } from '../../spec/spec-format.js';
import { isValidByTheSpec } from '../checks/positive-data-acceptance.js';
import { isCollectionPath, pathParameterResource, pathResource } from '../references/resource-names.js';
import { type UnknownReference, unknownReference } from '../references/unknown-reference.js';
import type { CaseResult, RunWarning } from '../test-run.js';
import { type OperationAnswers, operationLabel } from './operation-answers.js';
import { sentPathValues } from './sent-path-values.js';
import { isMostOf } from './status-share.js';

const SHOWN_VALUES = 5;

/**
 * `missing_test_data` for a reference: more than 80 % of the operation's valid cases that got an
 * answer were refused with 409 or 422 saying a thing the request names is not there
 * (`{"error":"customer 123 not found"}`), so none reached the logic behind the lookup. Names the
 * parameter, the values sent, what the API said, and where a run can get known ones: the
 * operations that list or create that resource, or `--seed-data`.
 */
export function unknownReferenceWarning(group: OperationAnswers, spec?: FalconSpec): RunWarning | undefined {
  const valid = group.answered.filter((result) => isValidByTheSpec(result.case));
  const refused = valid.flatMap((result) => {
    const found = unknownReference(result.case, result.response!, group.spec);
    return found ? [{ result, found }] : [];
  });
  if (!isMostOf({ matching: refused.map((entry) => entry.result), answered: valid.length })) return undefined;
  const name = mostNamed(refused.map((entry) => entry.found));
  const about = refused.filter((entry) => entry.found.name === name);
  const statuses = [...new Set(about.map((entry) => entry.result.response!.status))].sort().join(' or ');
  const sent = distinct(about.flatMap((entry) => sentValue(entry.result, group.path, name)));
  const whole = refused.length === valid.length ? `all ${valid.length}` : `${refused.length} of ${valid.length}`;
  const producers = spec ? producersOf(spec, group, name) : [];
  const seed = `give ${name}s the API has with --seed-data FILE (a line "${name}: [<id>, …]")`;
  return {
    kind: 'missing_test_data',
    operation: group.operation,
    parameter: name,
    message: `${operationLabel(group)} refused most valid cases because the ${name} they sent names nothing the API has: no case reached its logic`,
    evidence: `${whole} valid cases got ${statuses} for an unknown ${name}; sent ${name} ${sent.length > 0 ? sent.join(', ') : '(none recorded)'}; the API said: ${about[0]!.found.said}`,
    advice:
      producers.length > 0
        ? `let the run get a ${name} from the API by including ${producers.join(' or ')} in it, or ${seed}`
        : `${seed}, or give ${name} an example in the spec that the server has`,
  };
}

/** The name most refusals are about (the first, on a tie). */
function mostNamed(found: UnknownReference[]): string {
  const counts = new Map<string, number>();
  for (const { name } of found) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** The value the case sent for `name`: its path parameter, else the first field of that name in its JSON body. */
function sentValue(result: CaseResult, template: string, name: string): string[] {
  const inPath = sentPathValues(template, result)[name];
  if (inPath !== undefined) return [inPath];
  const body = result.request?.body;
  if (body === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const find = (value: unknown): string | undefined => {
    if (value === null || typeof value !== 'object') return undefined;
    for (const [key, item] of Object.entries(value)) {
      if (key === name && (typeof item === 'string' || typeof item === 'number')) return String(item);
      const inner = find(item);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  const found = find(parsed);
  return found === undefined ? [] : [found];
}

function distinct(values: string[]): string[] {
  const unique = [...new Set(values)];
  return unique.length > SHOWN_VALUES ? [...unique.slice(0, SHOWN_VALUES), '…'] : unique;
}

/** The operations of the spec that list or create the resource the refused reference names, other than this one: `listCustomers or createCustomer`. */
function producersOf(spec: FalconSpec, group: OperationAnswers, name: string): string[] {
  const resource = pathParameterResource(group.path, name);
  if (resource === undefined) return [];
  return spec.operations
    .filter(
      (operation) =>
        operation.id !== group.spec?.id &&
        (operation.method === 'GET' || operation.method === 'POST') &&
        isCollectionPath(operation.path) &&
        pathResource(operation.path) === resource,
    )
    .map((operation) => operation.id);
}
