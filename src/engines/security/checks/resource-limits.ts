import type { SecurityCheck } from '../security-check.js';
import { probeOversizedBodies } from './resource-limits/oversized-body.js';
import { probePageSizes } from './resource-limits/page-size.js';
import { probeRequestBurst } from './resource-limits/request-burst.js';

/** API4: unbounded page sizes, oversized bodies accepted, no rate limit under a bounded burst; the burst last, as a limit it trips may hold for a while. */
export const resourceLimitsCheck: SecurityCheck = {
  rule: 'resource_limits',
  async run(ctx) {
    const reported = await probePageSizes(ctx);
    await probeOversizedBodies(ctx);
    await probeRequestBurst(ctx, reported);
  },
};
