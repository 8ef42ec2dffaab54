import { PARAMETER_ITEMS, PARAMETER_LOCATIONS } from './run-coverage.js';

/**
 * What in a report's `coverage` does not have a RunCoverage's shape (`operations[2].responses[0].seen
 * is not true or false`), or undefined when all does: a report read back is merged and judged by it.
 */
export function coverageProblem(coverage: unknown): string | undefined {
  if (!isObject(coverage)) return ' is not an object';
  for (const list of ['operations', 'reached'] as const) {
    const operations = coverage[list];
    if (list === 'reached' && operations === undefined) continue;
    if (!Array.isArray(operations)) return `.${list} is not a list`;
    for (const [index, operation] of operations.entries()) {
      const problem = operationProblem(operation);
      if (problem) return `.${list}[${index}]${problem}`;
    }
  }
  return undefined;
}

function operationProblem(operation: unknown): string | undefined {
  if (!isObject(operation)) return ' is not an object';
  for (const key of ['operation', 'method', 'path'] as const) if (typeof operation[key] !== 'string') return `.${key} is not text`;
  if (!Array.isArray(operation.undocumented) || !operation.undocumented.every((status) => Number.isInteger(status)))
    return '.undocumented is not a list of statuses';
  return (
    itemsProblem(operation.responses, 'responses', (item) => typeof item.status === 'string') ??
    itemsProblem(
      operation.parameters,
      'parameters',
      (item) =>
        typeof item.name === 'string' &&
        (PARAMETER_LOCATIONS as readonly unknown[]).includes(item.in) &&
        (PARAMETER_ITEMS as readonly unknown[]).includes(item.item) &&
        (item.item !== 'value' || ['string', 'number', 'boolean'].includes(typeof item.value)),
    ) ??
    itemsProblem(operation.bodyProperties, 'bodyProperties', (item) => typeof item.property === 'string')
  );
}

function itemsProblem(items: unknown, key: string, valid: (item: Record<string, unknown>) => boolean): string | undefined {
  if (!Array.isArray(items)) return `.${key} is not a list`;
  for (const [index, item] of items.entries()) {
    if (!isObject(item) || !valid(item)) return `.${key}[${index}] is not a coverage item`;
    if (typeof item.seen !== 'boolean') return `.${key}[${index}].seen is not true or false`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
