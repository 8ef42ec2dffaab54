import type { CaseResult } from '../test-run.js';
import type { OperationAnswers } from './operation-answers.js';

/**
 * A warning fires when more than this share of an operation's answered cases got the status:
 * 4 of 5 (80 %) does not, 5 of 6 does.
 */
export const WARNING_SHARE_PERCENT = 80;

export interface StatusShare {
  /** The answered cases that got one of the statuses without asking for it. */
  matching: CaseResult[];
  /** All answered cases of the operation. */
  answered: number;
}

/**
 * The operation's answered cases that got one of `statuses`. A case that expects that status
 * (`expectStatus: [404]`, "unknown pet is 404", a read of a resource its chain deleted) got what it
 * asked for: it is not counted.
 */
export function statusShare(group: OperationAnswers, statuses: readonly number[]): StatusShare {
  const matching = group.answered.filter((result) => {
    const status = result.response!.status;
    return statuses.includes(status) && !result.case.expectStatus?.includes(status) && result.case.resource?.state !== 'deleted';
  });
  return { matching, answered: group.answered.length };
}

/** More than WARNING_SHARE_PERCENT, counted in whole numbers so that 4 of 5 is exactly 80 %. */
export function isMostOf(share: StatusShare): boolean {
  return share.answered > 0 && share.matching.length * 100 > share.answered * WARNING_SHARE_PERCENT;
}

/** `9 of 10 answered cases got 401 or 403 (401 ×8, 403 ×1)`. */
export function describeShare(share: StatusShare, statuses: string): string {
  const counts = new Map<number, number>();
  for (const result of share.matching) counts.set(result.response!.status, (counts.get(result.response!.status) ?? 0) + 1);
  const byStatus = [...counts].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status} ×${count}`);
  const detail = byStatus.length > 1 ? ` (${byStatus.join(', ')})` : '';
  if (share.answered === 1) return `its one answered case got ${statuses}${detail}`;
  const whole = share.matching.length === share.answered ? `all ${share.answered}` : `${share.matching.length} of ${share.answered}`;
  return `${whole} answered cases got ${statuses}${detail}`;
}
