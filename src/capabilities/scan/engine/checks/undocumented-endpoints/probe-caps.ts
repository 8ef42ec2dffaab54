/**
 * How many candidates of each kind undocumented_endpoints probes, so that the whole check stays far
 * inside the scan's default request budget (3,000, DEFAULT_MAX_REQUESTS): the fixed paths
 * (EXPOSED_PATHS, 44) and these 144 are 188 probes, each sent once — anonymously, or as the first
 * user when the API refuses every anonymous request — and sent again as the user only where a
 * path refuses a caller without credentials; with a catch-all answer per method and sender (at
 * most 14), under 210 requests on an API that protects few paths: 7 % of the default budget, below
 * the share the scan gives the check when it runs sixth of twenty (2 × what is left ÷ 15).
 */
export const PROBE_CAPS = {
  /** A word under a documented prefix: `/api/v2/admin`, `/api/v2/orders/export`. */
  wordPaths: 64,
  /** A place and a thing: `/debug/config` from the root, `/api/v2/admin/backup` under a documented place. */
  twoWordPaths: 24,
  /** Version roots and documented GETs under other versions: `/api/v1`, `/api/v3/orders`, `/api/orders`. */
  versionProbes: 16,
  /** A documented path with a method the spec does not list for it: `PATCH /products/1`. */
  methodProbes: 40,
} as const;
