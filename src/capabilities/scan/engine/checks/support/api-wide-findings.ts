import type { FindingDraft, ScanContext } from '../../scan-context.js';

/**
 * Reports an API-wide rule's outcome on the operations it probed (a draft, or undefined where the
 * operation showed nothing): one finding, the first operation's, when every probed operation showed
 * the same thing (same severity and title, so titles must not name the operation); else one finding
 * per operation that showed it.
 */
export function reportApiWide(ctx: ScanContext, outcomes: ReadonlyArray<FindingDraft | undefined>): void {
  const drafts = outcomes.filter((draft): draft is FindingDraft => draft !== undefined);
  const first = drafts[0];
  if (!first) return;
  const everywhere = drafts.length === outcomes.length && drafts.every((draft) => draft.severity === first.severity && draft.title === first.title);
  for (const draft of everywhere ? [first] : drafts) ctx.report(draft);
}
