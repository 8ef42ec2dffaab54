import type { CheckName } from '../test-run.js';

/** Which kinds of cases to generate from the spec. */
export type Strategy = 'happy' | 'negative' | 'boundary' | 'stateful' | 'fuzz';

export const STRATEGIES: readonly Strategy[] = ['happy', 'negative', 'boundary', 'stateful', 'fuzz'];

/** Fuzz inputs per operation unless told otherwise (`falcon test --max-cases`). */
export const DEFAULT_FUZZ_BUDGET = 20;

export interface GenerateOptions {
  /** Default: all of STRATEGIES. */
  strategies?: readonly Strategy[];
  /** Default 1: the same spec and seed give the same cases on every run (and the same fuzz inputs). */
  seed?: number;
  /** Fuzz inputs per operation; default DEFAULT_FUZZ_BUDGET. */
  fuzzBudget?: number;
  /** The checks the cases will be judged by: those that send requests of their own get their probes (probe-cases.ts). Default: none. */
  checks?: readonly CheckName[];
}
