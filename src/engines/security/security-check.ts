import type { ScanContext } from './scan-context.js';
import type { RuleName } from './security-rules.js';

/**
 * One rule of the scan. `run` sends what it needs through the context and reports each finding a
 * response proves; it says with `ctx.note` why it could not check something (no second user, no
 * operation that takes a URL…), never reports a guess above `info`.
 */
export interface SecurityCheck {
  rule: RuleName;
  run(ctx: ScanContext): Promise<void>;
}
