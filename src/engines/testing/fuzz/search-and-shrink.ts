import fc from 'fast-check';
import type { FuzzStats } from '../test-run.js';

export interface ShrinkLimits {
  /** Requests shrinking may send. */
  requests: number;
  /** Time shrinking may take, so that a slow API cannot hold the run. */
  timeMs: number;
}

export interface ShrinkSearch<Input, Attempt> {
  arbitrary: fc.Arbitrary<Input>;
  seed: number;
  runs: number;
  /** Sends one input and judges its answer. */
  send(input: Input): Promise<Attempt>;
  /** Whether an attempt fails, which starts the shrinking. */
  fails(attempt: Attempt): boolean;
  /** Whether a smaller candidate fails the way the first failure did, so that it is kept. */
  failsLike(candidate: Attempt, first: Attempt): boolean;
  limits: ShrinkLimits;
  signal?: AbortSignal;
}

export interface ShrinkOutcome<Attempt> {
  /** Inputs sent before the first failure (all of them without one). */
  inputs: number;
  shrinkSteps: number;
  shrinkRequests: number;
  shrinkCut?: FuzzStats['shrinkCut'];
  /** The smallest failing attempt, when one failed. */
  failing?: Attempt;
  /** The last attempt sent. */
  last?: Attempt;
}

/**
 * fast-check draws `runs` inputs from `seed` and an async property sends each. The first attempt
 * that `fails` is shrunk by fast-check's own shrinking, each smaller candidate sent in turn and kept
 * when it `failsLike` the first, until no smaller one does or the limits stop it. The same seed
 * sends the same inputs. A cancelled signal stops between requests, keeping the failure as far as it
 * was shrunk; an error `send` throws ends the search and is thrown again, unless it was cancelled.
 */
export async function searchAndShrink<Input, Attempt>(search: ShrinkSearch<Input, Attempt>): Promise<ShrinkOutcome<Attempt>> {
  const { limits, signal } = search;
  let inputs = 0;
  let shrinkRequests = 0;
  let shrinkStarted = 0;
  let shrinkCut: FuzzStats['shrinkCut'];
  let last: Attempt | undefined;
  let first: Attempt | undefined;
  let failing: Attempt | undefined;
  let unexpected: { error: unknown } | undefined;
  // Thrown from the property, a PreconditionFailure that interrupts ends fast-check's run at once,
  // keeping the smallest failing input found so far.
  const stop = () => new fc.PreconditionFailure(true);
  const property = fc.asyncProperty(search.arbitrary, async (input) => {
    if (signal?.aborted) throw stop();
    if (failing) {
      if (shrinkRequests >= limits.requests) shrinkCut = 'request-limit';
      else if (performance.now() - shrinkStarted >= limits.timeMs) shrinkCut = 'time-limit';
      if (shrinkCut) throw stop();
      shrinkRequests++;
    } else inputs++;
    let attempt: Attempt;
    try {
      attempt = await search.send(input);
    } catch (error) {
      if (!signal?.aborted) unexpected = { error };
      throw stop();
    }
    last = attempt;
    if (!first) {
      if (!search.fails(attempt)) return true;
      first = attempt;
      shrinkStarted = performance.now();
    } else if (!search.failsLike(attempt, first)) return true;
    failing = attempt;
    return false;
  });
  const details = await fc.check(property, { seed: search.seed, numRuns: search.runs });
  if (unexpected) throw unexpected.error;
  if (signal?.aborted && failing) shrinkCut ??= 'cancelled';
  return {
    inputs,
    shrinkSteps: failing ? details.numShrinks : 0,
    shrinkRequests,
    ...(shrinkCut && { shrinkCut }),
    ...(failing !== undefined && { failing }),
    ...(last !== undefined && { last }),
  };
}
