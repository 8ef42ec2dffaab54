import type { SecurityCheck } from '../security-check.js';
import { probeGraphQLLimits } from './resource-limits/graphql-limits.js';
import { probeOversizedBodies } from './resource-limits/oversized-body.js';
import { probePageSizes } from './resource-limits/page-size.js';
import { probeRequestBurst } from './resource-limits/request-burst.js';

/**
 * API4: unbounded page sizes, oversized bodies accepted, no rate limit under a bounded burst; the
 * burst last, as a limit it trips may hold for a while. On a GraphQL endpoint, the shape of a
 * request alone: depth, aliases, width and batching.
 */
export const resourceLimitsCheck: SecurityCheck = {
  title: 'Unrestricted resource consumption',
  owasp: 'API4:2023',
  cwe: 'CWE-770',
  proof:
    "a page size of 10× and 1000× the base page (the spec's example, else its default, else the page answered without it) is honoured with more items each time (or a body 10× larger), with no clamp or 4xx; an oversized body is accepted; or a bounded burst gets no 429; on a GraphQL endpoint, a query 12 levels deep, 50 aliases of one field, one field asked 100 times or 10 operations batched in one request answered in full, with no limit error",
  remediation: 'Cap page sizes and body sizes, and rate-limit each client (429 with Retry-After); on GraphQL, limit query depth, aliases, cost and batch size.',
  runOrder: 180,
  async run(ctx) {
    const reported = await probePageSizes(ctx);
    await probeOversizedBodies(ctx);
    await probeRequestBurst(ctx, reported);
  },
  runGraphQL: probeGraphQLLimits,
};
