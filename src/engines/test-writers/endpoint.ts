/** An endpoint as `create_test_file` takes it: `GET /users/{id}` (also `:id`, `<int:id>`, `[id]`). */
export interface Endpoint {
  method: string;
  /** The path as given, without scheme, host or query. */
  template: string;
  /** `/`-separated parts; parameters by name. */
  segments: Array<{ literal: string } | { param: string }>;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const PARAM = /^(?:\{([\w-]+)(?::[^}]*)?\}|:([\w-]+)\??|<(?:\w+:)?([\w-]+)>|\[([\w-]+)\])$/;

/** The endpoint text could not be read; the message shows the expected form. */
export class EndpointError extends Error {
  override name = 'EndpointError';
}

export function parseEndpoint(text: string): Endpoint {
  const match = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(text);
  const method = (match?.[1] ?? 'GET').toUpperCase();
  if (!match || !METHODS.has(method)) {
    throw new EndpointError(`cannot read the endpoint "${text}"; give a method and a path, e.g. "GET /users/{id}"`);
  }
  const template = `/${(match[2] as string)
    .replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, '')
    .replace(/[?#].*$/, '')
    .replace(/^\/+/, '')}`;
  const segments = template
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = PARAM.exec(part);
      const name = param?.slice(1).find(Boolean);
      return name ? { param: name } : { literal: part };
    });
  return { method, template, segments };
}

/** Words for test and file names: `GET /users/{id}` → get, users, by, id. */
export function endpointWords(endpoint: Endpoint): string[] {
  const words = [endpoint.method.toLowerCase()];
  for (const segment of endpoint.segments) {
    const text = 'param' in segment ? `by ${segment.param}` : segment.literal;
    words.push(...splitWords(text));
  }
  if (words.length === 1) words.push('root');
  return words;
}

export const snakeName = (words: string[]) => words.join('_');
export const kebabName = (words: string[]) => words.join('-');
export const pascalName = (words: string[]) => words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
