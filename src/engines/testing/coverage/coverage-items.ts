import type { OperationCoverage, ParameterCoverage } from './run-coverage.js';

/** One operation's items by kind, as a report lists them: seen, then not seen. */
export interface OperationItems {
  responses: { seen: string[]; unseen: string[] };
  parameters: { seen: string[]; unseen: string[] };
  bodyProperties: { seen: string[]; unseen: string[] };
}

export function operationItems(operation: OperationCoverage): OperationItems {
  const split = <T extends { seen: boolean }>(items: T[], label: (item: T) => string) => ({
    seen: items.filter((item) => item.seen).map(label),
    unseen: items.filter((item) => !item.seen).map(label),
  });
  return {
    responses: split(operation.responses, (response) => response.status),
    parameters: split(operation.parameters, parameterLabel),
    bodyProperties: split(operation.bodyProperties, (property) => property.property),
  };
}

/** `limit (query) present`, `limit (query) absent`, `status=sold (query)`. */
export function parameterLabel(item: ParameterCoverage): string {
  if (item.item === 'value') return `${item.name}=${String(item.value)} (${item.in})`;
  return `${item.name} (${item.in}) ${item.item}`;
}

/** `getPet (GET /pets/{petId})`. */
export function operationName(operation: OperationCoverage): string {
  return `${operation.operation} (${operation.method} ${operation.path})`;
}

/** Whether everything the operation documents was seen. */
export function fullyCovered(operation: OperationCoverage): boolean {
  return [...operation.responses, ...operation.parameters, ...operation.bodyProperties].every((item) => item.seen);
}
