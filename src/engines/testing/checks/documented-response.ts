import type { SpecOperation } from '../../spec/spec-format.js';
import type { DocumentedResponse } from './check-context.js';

/** The response an operation documents for a status: the exact code, else its range (`4XX`), else `default`. */
export function documentedResponse(operation: SpecOperation, status: number): DocumentedResponse | undefined {
  const keys = Object.keys(operation.responses);
  const range = `${Math.floor(status / 100)}XX`;
  const key =
    keys.find((candidate) => candidate.trim() === String(status)) ??
    keys.find((candidate) => candidate.trim().toUpperCase() === range) ??
    keys.find((candidate) => candidate.trim().toLowerCase() === 'default');
  const response = key === undefined ? undefined : operation.responses[key];
  return key === undefined || !response ? undefined : { status: key, response };
}
