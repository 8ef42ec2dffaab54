import fg from 'fast-glob';
import path from 'node:path';
import { parseJsonObject } from './parse-json-object.js';
import { readProjectText } from './read-project-text.js';
import { SKIPPED_FOLDER_GLOBS } from './skipped-folder-globs.js';

export type SpecKind = 'openapi' | 'swagger' | 'postman' | 'graphql';

/** A file that is, by its content, an API description Falcon can ingest. */
export interface SpecCandidate {
  /** Relative to the project root, with forward slashes. */
  path: string;
  kind: SpecKind;
  /** `3.0.3`, `2.0`, or the Postman collection schema version `2.1.0`; none for GraphQL. */
  version?: string;
}

const KIND_NAMES: Record<SpecKind, string> = { openapi: 'OpenAPI', swagger: 'Swagger', postman: 'Postman collection', graphql: 'GraphQL' };
const GRAPHQL_FILE = /\.(graphqls?|gql)$/i;
const GRAPHQL_ROOT = /^\s*(schema\s*\{|(extend\s+)?type\s+(Query|Mutation)\b)/m;
/** A GraphQL endpoint given for the spec: an http(s) URL whose path ends in graphql or gql. */
const GRAPHQL_ENDPOINT = /^https?:\/\/[^?#]*\/(graphql|gql)\/?([?#]|$)/i;
const TOP_LEVEL_VERSION_KEY = /^["']?(openapi|swagger)["']?\s*:\s*["']?(\d[\w.-]*)/m;
/** Folders whose specs are test data or examples rather than the project's own API. */
const SAMPLE_FOLDERS = /(^|\/)(test|tests|__tests__|fixtures|__fixtures__|examples?|samples?|e2e)\//i;

/**
 * Every OpenAPI, Swagger, Postman collection and GraphQL schema file in the project, recognised by content rather
 * than name, best first: the project's own (not under tests or examples), OpenAPI and Swagger
 * before Postman, then well-named (`openapi.yaml`) and shallow files.
 */
export async function findSpecs(projectRoot: string): Promise<SpecCandidate[]> {
  const files = await fg('**/*.{yaml,yml,json,graphql,graphqls,gql}', {
    cwd: projectRoot,
    ignore: [...SKIPPED_FOLDER_GLOBS, '**/package-lock.json', '**/npm-shrinkwrap.json'],
    onlyFiles: true,
    suppressErrors: true,
  });
  const candidates: SpecCandidate[] = [];
  for (const file of files) {
    const candidate = await identifySpec(projectRoot, file);
    if (candidate) candidates.push(candidate);
  }
  return candidates.sort(compareCandidates);
}

/** The kind of API description a project file holds, or `undefined` when it holds none. */
export async function identifySpec(projectRoot: string, file: string): Promise<SpecCandidate | undefined> {
  const text = await readProjectText(projectRoot, file);
  if (text !== undefined && GRAPHQL_FILE.test(file)) return GRAPHQL_ROOT.test(text) ? { path: file, kind: 'graphql' } : undefined;
  if (text === undefined || !/openapi|swagger|_postman_id|collection/.test(text)) return undefined;
  const found = text.trimStart().startsWith('{') ? identifyJson(text) : identifyYaml(text);
  return found && { path: file, ...found };
}

/** A GraphQL endpoint as a spec: ingested by introspection. */
export function graphqlEndpointSpec(url: string): SpecCandidate | undefined {
  return GRAPHQL_ENDPOINT.test(url) ? { path: url, kind: 'graphql' } : undefined;
}

/** `docs/openapi.yaml (OpenAPI 3.0.3)`. */
export function describeSpec(candidate: SpecCandidate): string {
  const version = candidate.version ? ` ${candidate.version}` : '';
  return `${candidate.path} (${KIND_NAMES[candidate.kind]}${version})`;
}

function identifyYaml(text: string): Omit<SpecCandidate, 'path'> | undefined {
  const match = TOP_LEVEL_VERSION_KEY.exec(text);
  return match ? { kind: match[1] as SpecKind, version: match[2] } : undefined;
}

function identifyJson(text: string): Omit<SpecCandidate, 'path'> | undefined {
  const document = parseJsonObject(text);
  if (!document) return undefined;
  for (const kind of ['openapi', 'swagger'] as const) {
    const version = document[kind];
    if (typeof version === 'string') return { kind, version };
  }
  const info = document.info as Record<string, unknown> | undefined;
  const schema = typeof info?.schema === 'string' ? info.schema : '';
  if (typeof info?._postman_id !== 'string' && !schema.includes('collection')) return undefined;
  const version = /\/v(\d[\d.]*)\//.exec(schema)?.[1];
  return { kind: 'postman', ...(version && { version }) };
}

function compareCandidates(a: SpecCandidate, b: SpecCandidate): number {
  return (
    Number(SAMPLE_FOLDERS.test(a.path)) - Number(SAMPLE_FOLDERS.test(b.path)) ||
    Number(a.kind === 'postman') - Number(b.kind === 'postman') ||
    placeScore(b.path) - placeScore(a.path) ||
    a.path.localeCompare(b.path)
  );
}

/** A telling name counts for more than a folder level: `docs/openapi.yaml` ties with `api.yaml`. */
function placeScore(file: string): number {
  const name = path.posix.basename(file);
  const nameScore = /openapi|swagger|postman_collection/i.test(name) ? 2 : /api|spec|collection/i.test(name) ? 1 : 0;
  return nameScore - (file.split('/').length - 1);
}
