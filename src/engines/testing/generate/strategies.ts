/** Which kinds of cases to generate from the spec. */
export type Strategy = 'happy' | 'negative' | 'boundary' | 'stateful';

export const STRATEGIES: readonly Strategy[] = ['happy', 'negative', 'boundary', 'stateful'];

export interface GenerateOptions {
  /** Default: all of STRATEGIES. */
  strategies?: readonly Strategy[];
  /** Default 1: the same spec and seed give the same cases on every run. */
  seed?: number;
}
