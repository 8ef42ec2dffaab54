import type { SecurityCheck } from '../security-check.js';
import { probeOversizedBodies } from './resource-limits/oversized-body.js';
import { probePageSizes } from './resource-limits/page-size.js';
import { probeRequestBurst } from './resource-limits/request-burst.js';

/** API4: unbounded page sizes, oversized bodies accepted, no rate limit under a bounded burst; the burst last, as a limit it trips may hold for a while. */
export const resourceLimitsCheck: SecurityCheck = {
  title: 'Unrestricted resource consumption',
  owasp: 'API4:2023',
  cwe: 'CWE-770',
  proof:
    "a page size of 10× and 1000× the base page (the spec's example, else its default, else the page answered without it) is honoured with more items each time (or a body 10× larger), with no clamp or 4xx; an oversized body is accepted; or a bounded burst gets no 429",
  remediation: 'Cap page sizes and body sizes, and rate-limit each client (429 with Retry-After).',
  runOrder: 180,
  async run(ctx) {
    const reported = await probePageSizes(ctx);
    await probeOversizedBodies(ctx);
    await probeRequestBurst(ctx, reported);
  },
};
