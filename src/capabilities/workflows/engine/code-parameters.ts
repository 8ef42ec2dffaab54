import type { CodeLine } from './code-line.js';
import { pathParameterNames } from './endpoint-path.js';

export type ParameterPlace = 'path' | 'query' | 'body' | 'header';

/** An input of an endpoint and where it was seen. */
export interface EndpointParameter {
  name: string;
  in: ParameterPlace;
  /** `route` (its path pattern), `spec`, or the `file:line` of the code that reads it. */
  seenIn: string;
  required?: boolean;
  /** The spec's schema type, when the spec says. */
  type?: string;
}

const NAME = String.raw`["']?([\w$-]+)["']?`;

/** How handlers read their inputs in the frameworks Falcon knows: each pattern captures the name. */
const READS: ReadonlyArray<{ in: ParameterPlace; pattern: RegExp }> = [
  // Express, Koa, Fastify, Hono
  { in: 'path', pattern: new RegExp(String.raw`\b(?:req|request|ctx)\.params(?:\.|\[)${NAME}`, 'g') },
  { in: 'query', pattern: new RegExp(String.raw`\b(?:req|request|ctx)\.query(?:\.|\[)${NAME}`, 'g') },
  { in: 'body', pattern: new RegExp(String.raw`\b(?:req|ctx\.request|request)\.body(?:\.|\[)${NAME}`, 'g') },
  { in: 'header', pattern: new RegExp(String.raw`\b(?:req|request|ctx)\.(?:headers(?:\.|\[)|get\(|header\()${NAME}`, 'g') },
  { in: 'query', pattern: /\bc\.req\.query\(\s*["']([\w$-]+)["']/g },
  { in: 'path', pattern: /\bc\.req\.param\(\s*["']([\w$-]+)["']/g },
  // Flask, Django, FastAPI's Request
  { in: 'query', pattern: /\brequest\.(?:args|GET|query_params)(?:\.get\(\s*|\[\s*)["']([\w-]+)["']/g },
  { in: 'body', pattern: /\brequest\.(?:json|form|POST|data|get_json\(\))(?:\.get\(\s*|\[\s*)["']([\w-]+)["']/g },
  { in: 'header', pattern: /\brequest\.(?:headers|META)(?:\.get\(\s*|\[\s*)["']([\w-]+)["']/g },
  // Gin, Echo, chi, gorilla/mux, net/http
  { in: 'path', pattern: /\b(?:c\.Param|chi\.URLParam\(\s*\w+,)\(?\s*"([\w-]+)"/g },
  { in: 'path', pattern: /\bmux\.Vars\(\s*\w+\s*\)\[\s*"([\w-]+)"/g },
  { in: 'path', pattern: /\b\w+\.PathValue\(\s*"([\w-]+)"/g },
  { in: 'query', pattern: /\b(?:c\.(?:Query|DefaultQuery|QueryParam)|\w+\.URL\.Query\(\)\.Get)\(\s*"([\w-]+)"/g },
  { in: 'body', pattern: /\bc\.(?:PostForm|FormValue|DefaultPostForm)\(\s*"([\w-]+)"/g },
  { in: 'header', pattern: /\b(?:c\.GetHeader|c\.Request\(\)\.Header\.Get|\w+\.Header\.Get)\(\s*"([\w-]+)"/g },
  // Laravel, Rails
  { in: 'body', pattern: /\$request->(?:input|post|get)\(\s*["']([\w-]+)["']/g },
  { in: 'query', pattern: /\$request->query\(\s*["']([\w-]+)["']/g },
  { in: 'header', pattern: /\$request->header\(\s*["']([\w-]+)["']/g },
  { in: 'query', pattern: /\bparams\[:([\w]+)\]/g },
  // Spring
  { in: 'path', pattern: /@PathVariable(?:\([^)]*\))?\s+(?:final\s+)?[\w<>]+\s+(\w+)/g },
  { in: 'query', pattern: /@RequestParam(?:\([^)]*\))?\s+(?:final\s+)?[\w<>]+\s+(\w+)/g },
  { in: 'header', pattern: /@RequestHeader\(\s*(?:value\s*=\s*)?"([\w-]+)"/g },
];

/** `const { name, age: years, role = 'user' } = req.body`: each name read out of an input. */
const DESTRUCTURING = /\{([^{}]+)\}\s*=\s*(?:await\s+)?(?:req|request|ctx(?:\.request)?)\.(params|query|body|headers)\b/g;
const PLACES: Record<string, ParameterPlace> = { params: 'path', query: 'query', body: 'body', headers: 'header' };

/**
 * The inputs an endpoint has: its path pattern's parameters, then those its handler's code reads
 * (each once, at the first line that reads it).
 */
export function endpointParameters(routePath: string, code: readonly CodeLine[]): EndpointParameter[] {
  const found = new Map<string, EndpointParameter>();
  const add = (parameter: EndpointParameter) => {
    const key = `${parameter.in} ${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
    if (!found.has(key)) found.set(key, parameter);
  };
  for (const name of pathParameterNames(routePath)) add({ name, in: 'path', seenIn: 'route', required: true });
  for (const { file, line, text } of code) {
    const seenIn = `${file}:${line}`;
    for (const read of READS) {
      for (const match of text.matchAll(read.pattern)) add({ name: match[1]!, in: read.in, seenIn });
    }
    for (const match of text.matchAll(DESTRUCTURING)) {
      for (const part of match[1]!.split(',')) {
        const name = /^\s*(?:\.\.\.)?([\w$]+)/.exec(part)?.[1];
        if (name) add({ name, in: PLACES[match[2]!]!, seenIn });
      }
    }
  }
  return [...found.values()];
}
