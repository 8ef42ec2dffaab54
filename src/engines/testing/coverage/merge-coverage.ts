import type { OperationCoverage, ParameterCoverage, RunCoverage } from './run-coverage.js';

/**
 * The coverage of several runs of one spec (a split run's shards, or runs over the same API) as
 * one: an item is seen when any run saw it, whichever run's scope its operation was in — a shard's
 * chain may reach another shard's operation (`reached`). An operation is counted when some run
 * counted it; the others stay in `reached`. Operations come in the order the runs list them.
 */
export function mergeCoverage(coverages: readonly RunCoverage[]): RunCoverage {
  const merged = new Map<string, OperationCoverage>();
  const counted = new Set<string>();
  for (const coverage of coverages) {
    for (const operation of coverage.operations) counted.add(operation.operation);
    for (const operation of [...coverage.operations, ...(coverage.reached ?? [])]) {
      const earlier = merged.get(operation.operation);
      merged.set(operation.operation, earlier ? joined(earlier, operation) : copied(operation));
    }
  }
  const all = [...merged.values()];
  const operations = all.filter((operation) => counted.has(operation.operation));
  const reached = all.filter((operation) => !counted.has(operation.operation));
  return { operations, ...(reached.length > 0 && { reached }) };
}

function joined(first: OperationCoverage, second: OperationCoverage): OperationCoverage {
  return {
    ...first,
    responses: union(first.responses, second.responses, (response) => response.status),
    undocumented: [...new Set([...first.undocumented, ...second.undocumented])].sort((a, b) => a - b),
    parameters: union(first.parameters, second.parameters, parameterKey),
    bodyProperties: union(first.bodyProperties, second.bodyProperties, (property) => property.property),
  };
}

/** The items of both, in order, each seen when either saw it. */
function union<T extends { seen: boolean }>(first: readonly T[], second: readonly T[], key: (item: T) => string): T[] {
  const items = new Map<string, T>(first.map((item) => [key(item), { ...item }]));
  for (const item of second) {
    const earlier = items.get(key(item));
    items.set(key(item), earlier ? { ...earlier, seen: earlier.seen || item.seen } : { ...item });
  }
  return [...items.values()];
}

function copied(operation: OperationCoverage): OperationCoverage {
  return {
    ...operation,
    responses: operation.responses.map((item) => ({ ...item })),
    undocumented: [...operation.undocumented],
    parameters: operation.parameters.map((item) => ({ ...item })),
    bodyProperties: operation.bodyProperties.map((item) => ({ ...item })),
  };
}

function parameterKey(item: ParameterCoverage): string {
  return JSON.stringify([item.in, item.name, item.item, item.value ?? null]);
}
