import type { ScanContext } from '../../scan-context.js';

/**
 * Operations a check probes at once. The scan client paces each operation on its own and caps the
 * whole API, so probing several at once makes a scan faster without being harder on any one of them.
 */
export const OPERATIONS_AT_ONCE = 10;

/**
 * Runs `probe` for each item, OPERATIONS_AT_ONCE at a time, and gives back what each returned, in
 * the items' order. What an item reports and notes reaches the scan in that order too, whichever
 * finishes first, so the findings read the same from run to run. The first error stops new items
 * from starting and is thrown once the running ones have ended.
 */
export async function mapAtOnce<T, R>(ctx: ScanContext, items: readonly T[], probe: (item: T, ctx: ScanContext) => Promise<R>): Promise<R[]> {
  const held = items.map(() => [] as Array<() => void>);
  const results: R[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  const work = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      const own = held[index]!;
      const itemContext: ScanContext = {
        ...ctx,
        report: (draft) => own.push(() => ctx.report(draft)),
        note: (text) => own.push(() => ctx.note(text)),
      };
      try {
        results[index] = await probe(items[index]!, itemContext);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPERATIONS_AT_ONCE, items.length) }, work));
  for (const pass of held.flat()) pass();
  if (failure) throw failure.error;
  return results;
}

/** mapAtOnce for probes whose findings are all they give. */
export async function eachAtOnce<T>(ctx: ScanContext, items: readonly T[], probe: (item: T, ctx: ScanContext) => Promise<void>): Promise<void> {
  await mapAtOnce(ctx, items, probe);
}
