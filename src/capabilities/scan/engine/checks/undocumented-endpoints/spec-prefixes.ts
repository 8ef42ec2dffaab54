/** A documented prefix of the API's paths and how many of its paths are at or under it. */
export interface SpecPrefix {
  /** `/api/v2/orders`; `''` for the root. */
  prefix: string;
  paths: number;
}

/**
 * The literal prefixes of the documented paths, each cut before its first `{parameter}` segment
 * (`/api/v2/orders/{orderId}` → `''`, `/api`, `/api/v2`, `/api/v2/orders`), those that hold the most
 * paths first (the root, then the API's own prefixes), equals in the order the spec first names them.
 */
export function specPrefixes(paths: readonly string[]): SpecPrefix[] {
  const counts = new Map<string, Set<string>>();
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    const literal = segments.findIndex((segment) => segment.includes('{'));
    const kept = literal === -1 ? segments : segments.slice(0, literal);
    for (let length = 0; length <= kept.length; length++) {
      const prefix = length === 0 ? '' : `/${kept.slice(0, length).join('/')}`;
      counts.set(prefix, (counts.get(prefix) ?? new Set()).add(path));
    }
  }
  return [...counts]
    .map(([prefix, under]) => ({ prefix, paths: under.size }))
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => b.entry.paths - a.entry.paths || a.order - b.order)
    .map(({ entry }) => entry);
}
