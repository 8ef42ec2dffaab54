import type { FalconSpec, SecurityScheme } from './spec-format.js';

const KIND_NAMES = { openapi: 'OpenAPI', swagger: 'Swagger', postman: 'Postman collection', graphql: 'GraphQL' } as const;
const MAX_LISTED = 15;

/** `Petstore 1.0.0`, or just `Shop` when the source gives no version (Postman). */
export function specLabel(spec: Pick<FalconSpec, 'title' | 'version'>): string {
  return spec.version ? `${spec.title} ${spec.version}` : spec.title;
}

/** What a summary of an ingested spec says, for the Markdown the model reads and the text a terminal shows. */
export interface SpecFacts {
  label: string;
  /** `4 operations from openapi.yaml (OpenAPI 3.0.3)` */
  origin: string;
  servers: string;
  auth: string;
  /** Operations per tag, the most first; past 15 tags, one row counts the rest. */
  tags: Array<[string, number]>;
}

export function specFacts(spec: FalconSpec): SpecFacts {
  return {
    label: specLabel(spec),
    origin: `${spec.operations.length} operation${spec.operations.length === 1 ? '' : 's'} from ${spec.source} (${KIND_NAMES[spec.kind]} ${spec.specVersion})`,
    servers: spec.servers.length > 0 ? spec.servers.map((server) => server.url).join(', ') : 'none given',
    auth: describeAuth(spec),
    tags: countByTag(spec),
  };
}

/** A short Markdown view of an ingested spec, for the prompt (the terminal shows `specFacts` as text). */
export function summarizeSpec(spec: FalconSpec): string {
  const facts = specFacts(spec);
  const lines = [
    `# ${facts.label}`,
    facts.origin,
    '',
    `Servers: ${facts.servers}`,
    `Auth: ${facts.auth}`,
    '',
    '| tag | operations |',
    '|---|---|',
    ...facts.tags.map(([tag, count]) => `| ${tag} | ${count} |`),
  ];
  return lines.join('\n');
}

function countByTag(spec: FalconSpec): [string, number][] {
  const counts = new Map<string, number>();
  for (const operation of spec.operations) {
    for (const tag of operation.tags.length > 0 ? operation.tags : ['(untagged)']) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (sorted.length <= MAX_LISTED) return sorted;
  const rest = sorted.slice(MAX_LISTED).reduce((sum, [, count]) => sum + count, 0);
  return [...sorted.slice(0, MAX_LISTED), [`… ${sorted.length - MAX_LISTED} more tags`, rest]];
}

function describeAuth(spec: FalconSpec): string {
  const schemes = Object.entries(spec.securitySchemes);
  if (schemes.length === 0) return 'none declared';
  // `[]` means no auth, and so does an empty alternative (`[{apiKey: []}, {}]`: auth is optional).
  const open = spec.operations.filter(
    (operation) => operation.security.length === 0 || operation.security.some((alternative) => Object.keys(alternative).length === 0),
  ).length;
  const described = schemes.map(([name, scheme]) => `${name} (${describeScheme(scheme)})`).join(', ');
  return `${described}; ${open} of ${spec.operations.length} operations need none`;
}

function describeScheme(scheme: SecurityScheme): string {
  if (scheme.type === 'http') return `HTTP ${scheme.scheme ?? ''}`.trim();
  if (scheme.type === 'apiKey') return `API key in ${scheme.in ?? 'header'} ${scheme.name ?? ''}`.trim();
  return scheme.type;
}
