// Requests leave the machine only for the API under test unless the user says otherwise: a request
// to another origin could carry the session's secrets, or what Falcon read, to anyone (issue 12).
import type { Preview } from '../preview.js';
import { isSecretName } from '../../safety/secret-names.js';
import { loadEnvironment } from '../../workspace/environments.js';
import { PLACEHOLDER, type VariableScope } from '../../workspace/variable-scope.js';
import type { ToolContext } from '../tool.js';

export interface OutgoingRequest {
  /** What is sent, e.g. `GET` or `the smoke tests`. */
  what: string;
  /** Where, placeholders resolved. */
  url: string;
  /** The request as the model wrote it (URL, headers, body…), for the secrets it carries. */
  carries: unknown;
}

export const OTHER_ORIGINS_ASK = 'when a request leaves BASE_URL’s origin';

/** The confirmation a request needs: none for the API under test, else one naming the origin and its secrets. */
export async function otherOriginPreview(request: OutgoingRequest, ctx: ToolContext): Promise<Preview | undefined> {
  const target = originOf(request.url);
  if (!target) return undefined; // not an http(s) URL: sending fails with its own message
  const api = await apiOrigin(ctx.projectRoot, ctx.variables);
  if (target === api?.origin) return undefined;
  const carried = secretsCarried(request.carries);
  const where = api
    ? `not the API under test (BASE_URL of the "${api.environment}" environment is ${api.origin})`
    : 'and no active environment has a BASE_URL, so every origin is asked about';
  return {
    kind: 'info',
    title: `send ${request.what} to ${target}`,
    details: [
      `This goes to ${target}, ${where}.`,
      carried.length ? `It carries: ${carried.join(', ')}.` : 'It carries no credentials Falcon knows of.',
      `Approve only if you meant Falcon to talk to ${target}.`,
    ].join('\n'),
    always: { kind: 'origins', origins: [target] },
  };
}

/** The origin of the active environment's BASE_URL: the API under test. */
export async function apiOrigin(projectRoot: string, variables: VariableScope): Promise<{ origin: string; environment: string } | undefined> {
  const environment = variables.environment;
  if (!environment) return undefined;
  const base = (await loadEnvironment(projectRoot, environment).catch(() => undefined))?.BASE_URL;
  if (!base) return undefined;
  const origin = originOf(await variables.resolve(base).catch(() => base));
  return origin ? { origin, environment } : undefined;
}

export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}

/** The placeholders in a request, and the literal values of secret-named headers or fields in it. */
export function secretsCarried(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown, key?: string): void => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(PLACEHOLDER)) found.add(`{{${match[1]}}}`);
      if (key !== undefined && isSecretName(key) && !node.includes('{{')) found.add(`the value of ${key}`);
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node && typeof node === 'object') {
      for (const [name, item] of Object.entries(node)) visit(item, name);
    }
  };
  visit(value);
  return [...found];
}
