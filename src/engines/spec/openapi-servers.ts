import { asArray, asObject, asString, entriesOf, type JsonObject } from './json-values.js';
import type { SecurityScheme, SpecServer } from './spec-format.js';

/** OpenAPI 3 `servers` (variables filled with their defaults), or Swagger 2 `schemes` + `host` + `basePath`. */
export function convertServers(document: JsonObject, location: string): SpecServer[] {
  if (typeof document.swagger === 'string') return swagger2Servers(document);
  return asArray(document.servers).flatMap((value) => {
    const server = asObject(value);
    const template = asString(server?.url);
    if (!server || !template) return [];
    const variables = asObject(server.variables) ?? {};
    const url = template.replace(/\{([^}]+)\}/g, (whole, name: string) => String(asObject(variables[name])?.default ?? whole));
    const description = asString(server.description);
    return [{ url: absoluteAgainst(url, location), ...(description && { description }) }];
  });
}

function swagger2Servers(document: JsonObject): SpecServer[] {
  const host = asString(document.host);
  const basePath = asString(document.basePath) ?? '';
  if (!host) return basePath ? [{ url: basePath }] : [];
  const schemes = asArray(document.schemes).filter((scheme): scheme is string => typeof scheme === 'string');
  return (schemes.length > 0 ? schemes : ['https']).map((scheme) => ({ url: `${scheme}://${host}${basePath}` }));
}

/** A relative server URL (`/v1`) in a spec fetched from a URL is relative to that URL. */
function absoluteAgainst(url: string, location: string): string {
  if (!/^https?:\/\//i.test(location) || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, location).href.replace(/\/$/, '');
}

/** OpenAPI 3 `securitySchemes` or Swagger 2 `securityDefinitions`, Swagger's `basic` as `http`/`basic`. */
export function convertSecuritySchemes(value: unknown): Record<string, SecurityScheme> {
  const result: Record<string, SecurityScheme> = {};
  for (const [name, schemeValue] of entriesOf(value)) {
    const scheme = asObject(schemeValue) ?? {};
    const type = asString(scheme.type) ?? 'unknown';
    const fields: SecurityScheme = type === 'basic' ? { type: 'http', scheme: 'basic' } : { type };
    for (const key of ['scheme', 'bearerFormat', 'in', 'name', 'description'] as const) {
      const field = asString(scheme[key]);
      if (field && fields[key] === undefined) fields[key] = field;
    }
    result[name] = fields;
  }
  return result;
}
