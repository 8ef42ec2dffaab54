import type { VariableScope } from '../../../workspace/variable-scope.js';

/**
 * A regression baseline is a set of the baselines of baseline-store.ts, one per GET operation:
 * `.falcon/baselines/<set>.<operationId>.json`, each holding the request that made it.
 */
export function baselineMemberName(set: string, operationId: string): string {
  return `${set}.${operationId}`;
}

export class RegressionError extends Error {
  override name = 'RegressionError';
}

export interface RegressionOptions {
  projectRoot: string;
  /** The set's name. */
  baseline: string;
  baseUrl: string;
  variables?: VariableScope;
  signal?: AbortSignal;
  /** After each operation: its id, how many are done, of how many. */
  onProgress?(operationId: string, done: number, total: number): void;
}
