/** One `/`-separated part of a path, in any framework's syntax or concrete. */
export type Segment =
  | { kind: 'literal'; text: string }
  /** `:id`, `{id}`, `<int:id>`, `[id]`; `pattern` when the segment mixes text and parameters (`{name}.{ext}`). */
  | { kind: 'param'; optional: boolean; pattern?: RegExp }
  /** `*`, `*path`, `{*rest}`, `<path:p>`, `[...slug]`, `{tail:.*}`, `**`. */
  | { kind: 'catchAll'; optional: boolean };

const CATCH_ALLS = [/^\[\.\.\.[^\]]+\]$/, /^\{\*[^}]*\}$/, /^\{[\w$]+\.\.\.\}$/, /^\{[\w$]+:\s*\.[*+]\??\}$/, /^<path:[^>]+>$/, /^\*\*?[\w$]*$/];
const PARAMS = [/^\[[^\]]+\]$/, /^\{[^}]+\}$/, /^<[^>]+>$/, /^:[\w$]+\??$/, /^:[\w$]+\{.*\}\??$/];
const PARAM_TOKEN = /\{[^}]*\}|<[^>]*>|:[\w$]+|\[[^\]]*\]|\*/g;

/** Joins path parts with single slashes; the last part decides whether the result ends with one. */
export function joinPaths(...parts: string[]): string {
  const inner = parts.map((part) => part.trim().replace(/^\/+|\/+$/g, '')).filter(Boolean);
  const joined = `/${inner.join('/')}`;
  const last = parts.filter((part) => part.trim()).at(-1) ?? '';
  return joined !== '/' && last.endsWith('/') && last.trim() !== '/' ? `${joined}/` : joined;
}

/** `http://localhost:3000/api/users/42?x=1` or `{{BASE_URL}}/api/users/42` → `/api/users/42`. */
export function normalizeRequestPath(input: string): string {
  let path = input
    .trim()
    .replace(/^\{\{[^}]+\}\}/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  // A query string, but not the `?` of an optional parameter (`/users/:id?`).
  path = path.replace(/#.*$/, '').replace(/\?(?!\/|$).*$/, '');
  return `/${path.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
}

/** The segments of a route's path; optional groups (`(.:format)`, `:id(\\d+)`'s pattern) are left out. */
export function parsePath(path: string): Segment[] {
  const withoutGroups = path.replace(/\((?!\?P<)[^()]*\)/g, '');
  return withoutGroups.split('/').filter(Boolean).map(parseSegment);
}

/** The segments of a requested path: concrete, or a template whose parameters fill whole segments. */
export function parseRequestPath(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((text) => {
      const segment = parseSegment(text);
      return segment.kind === 'param' && segment.pattern ? { kind: 'literal', text } : segment;
    });
}

function parseSegment(text: string): Segment {
  if (/^\[\[\.\.\.[^\]]+\]\]$/.test(text)) return { kind: 'catchAll', optional: true };
  if (CATCH_ALLS.some((pattern) => pattern.test(text))) return { kind: 'catchAll', optional: false };
  if (PARAMS.some((pattern) => pattern.test(text))) return { kind: 'param', optional: /\?[}]?$/.test(text) };
  if (!/[{<:[*]/.test(text)) return { kind: 'literal', text };
  const parts = text.split(PARAM_TOKEN).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return { kind: 'param', optional: false, pattern: new RegExp(`^${parts.join('.+?')}$`) };
}

/**
 * How well a route's segments match a request's (concrete or a template); undefined when they do not.
 * Literal segments weigh most, so `/users/me` beats `/users/:id` for `/users/me`.
 */
export function matchSegments(route: Segment[], request: Segment[]): number | undefined {
  const memo = new Map<number, number | undefined>();
  const from = (ri: number, qi: number): number | undefined => {
    const key = ri * 10_000 + qi;
    if (!memo.has(key)) memo.set(key, matchFrom(ri, qi));
    return memo.get(key);
  };
  const matchFrom = (ri: number, qi: number): number | undefined => {
    const segment = route[ri];
    if (!segment) return qi === request.length ? 0 : undefined;
    let best: number | undefined;
    const consider = (score: number | undefined) => {
      if (score !== undefined && (best === undefined || score > best)) best = score;
    };
    if (segment.kind === 'catchAll') {
      for (let taken = segment.optional ? 0 : 1; qi + taken <= request.length; taken++) consider(from(ri + 1, qi + taken));
      return best;
    }
    if (segment.kind === 'param' && segment.optional) consider(from(ri + 1, qi));
    const asked = request[qi];
    const pair = asked && pairScore(segment, asked);
    if (pair !== undefined) {
      const rest = from(ri + 1, qi + 1);
      if (rest !== undefined) consider(pair + rest);
    }
    return best;
  };
  return from(0, 0);
}

function pairScore(route: Segment, asked: Segment): number | undefined {
  if (route.kind === 'literal') return asked.kind === 'literal' && asked.text === route.text ? 3 : undefined;
  if (asked.kind !== 'literal') return 2;
  if (route.kind === 'param' && route.pattern) return route.pattern.test(asked.text) ? 2 : undefined;
  return 1;
}

/** 0…1: how alike two paths look, segment by segment (for "closest routes" when nothing matches). */
export function pathSimilarity(route: Segment[], request: Segment[]): number {
  if (route.length + request.length === 0) return 1;
  const rows = route.length + 1;
  const cols = request.length + 1;
  const table = new Array<number>(rows * cols).fill(0);
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const diagonal = (table[(i - 1) * cols + j - 1] as number) + alike(route[i - 1] as Segment, request[j - 1] as Segment);
      table[i * cols + j] = Math.max(diagonal, table[(i - 1) * cols + j] as number, table[i * cols + j - 1] as number);
    }
  }
  return (2 * (table[rows * cols - 1] as number)) / (route.length + request.length);
}

function alike(a: Segment, b: Segment): number {
  if (a.kind !== 'literal' || b.kind !== 'literal') return a.kind === b.kind ? 0.8 : 0.5;
  if (a.text === b.text) return 1;
  const singular = (text: string) => text.toLowerCase().replace(/e?s$/, '');
  return singular(a.text) === singular(b.text) ? 0.8 : 0;
}
