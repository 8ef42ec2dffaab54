import { matchSegments, normalizeRequestPath, parsePath, parseRequestPath } from '../../../engines/routes/path-pattern.js';

/** A path parameter in any framework's syntax: `:id`, `{id}`, `<int:id>`, `[id]`. */
const PARAMETER = /:([A-Za-z_$][\w$]*)\??|\{([^}:*]+)(?::[^}]*)?\}|<(?:[^>:]+:)?([^>]+)>|\[([^\].]+)\]/g;

/** The names of a path's parameters, in order: `/users/:id/posts/{postId}` → `id`, `postId`. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim()).filter(Boolean);
}

/**
 * A path to send for a template: each parameter gets its value by name, else `1` (an id that
 * usually exists). A concrete path is returned as it is.
 */
export function concretePath(path: string, values: Readonly<Record<string, unknown>> = {}): string {
  return normalizeRequestPath(path).replace(PARAMETER, (whole: string, ...names: Array<string | undefined>) => {
    const name =
      names
        .slice(0, 4)
        .find((candidate) => candidate !== undefined)
        ?.trim() ?? whole;
    const value = values[name];
    return encodeURIComponent(value === undefined || value === null ? '1' : String(value));
  });
}

/** A template in the runner's syntax: `/users/:id` and `/users/<int:id>` → `/users/{id}`. */
export function braceTemplate(path: string): string {
  return normalizeRequestPath(path).replace(PARAMETER, (whole: string, ...names: Array<string | undefined>) => {
    const name = names
      .slice(0, 4)
      .find((candidate) => candidate !== undefined)
      ?.trim();
    return name ? `{${name}}` : whole;
  });
}

/** Whether a sent path (concrete, or a template) is one the endpoint's path pattern serves. */
export function servesPath(pattern: string, path: string): boolean {
  return matchSegments(parsePath(pattern), parseRequestPath(normalizeRequestPath(path))) !== undefined;
}
