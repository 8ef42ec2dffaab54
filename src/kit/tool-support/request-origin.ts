// Requests leave the machine only for the API under test unless the user says otherwise: a request
// to another origin could carry the session's secrets, or what Falcon read, to anyone (issue 12). In a
// folder that is not trusted, the API under test is the repository's choice, so it is asked about too
// (issue 28).
import type { Preview } from '../tool/preview.js';
import { isSecretName } from '../../safety/secret-names.js';
import { loadEnvironment } from '../../workspace/environments.js';
import { PLACEHOLDER, type VariableScope } from '../../workspace/variable-scope.js';
import type { ToolContext } from '../tool/tool.js';

export interface OutgoingRequest {
  /** What is sent, e.g. `GET` or `the smoke tests`. */
  what: string;
  /** Where, placeholders resolved. */
  url: string;
  /** The request as the model wrote it (URL, headers, body…), for the secrets it carries. */
  carries: unknown;
}

export const OTHER_ORIGINS_ASK = 'for requests beyond BASE_URL’s origin (untrusted folder: all)';

/**
 * The confirmation a request needs: none for the API under test of a trusted folder, else one naming
 * the origin and its secrets.
 */
export async function otherOriginPreview(request: OutgoingRequest, ctx: ToolContext): Promise<Preview | undefined> {
  return originPreview(request, await apiOrigin(ctx.projectRoot, ctx.variables), ctx);
}

/**
 * The same, against an API under test found beforehand: for a request whose own scope (a flow's, where
 * a step may have replaced BASE_URL) must not decide which API is under test.
 */
export async function originPreview(
  request: OutgoingRequest,
  api: ApiOrigin | undefined,
  ctx: Pick<ToolContext, 'trustedProject' | 'variables'>,
): Promise<Preview | undefined> {
  const target = originOf(request.url);
  if (!target) return undefined; // not an http(s) URL: sending fails with its own message
  if (target === api?.origin) return ctx.trustedProject ? undefined : repositoryApiPreview(request, api, ctx.variables);
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

/**
 * A request to the BASE_URL of a folder that is not trusted: asked the first time, as the repository
 * chose it, and each time it carries a value from the user's environment, until "always".
 */
async function repositoryApiPreview(request: OutgoingRequest, api: ApiOrigin, variables: VariableScope): Promise<Preview> {
  const fromEnvironment = await variables.environmentVariablesIn(request.carries);
  const carried = secretsCarried(request.carries).filter((placeholder) => placeholder !== '{{BASE_URL}}');
  return {
    kind: 'info',
    title: `send ${request.what} to ${api.origin}`,
    details: [
      `${api.origin} is ${repositoryChose(api)}.`,
      fromEnvironment.length > 0
        ? `It carries values from your environment: ${fromEnvironment.map((name) => `{{env:${name}}}`).join(', ')}; each request carrying them is asked about.`
        : `It carries ${carried.length ? carried.join(', ') : 'no credentials Falcon knows of'}; a yes lets later requests to ${api.origin} that carry nothing from your environment go without asking.`,
      `Approve only if ${api.origin} is the API you mean to test; "always" allows every request to it for the rest of the session.`,
    ].join('\n'),
    always: { kind: 'origins', origins: [api.origin] },
    firstContact: { key: api.origin, coveredByYes: fromEnvironment.length === 0 },
  };
}

/** Where an untrusted folder's API under test comes from, as a preview says it. */
export function repositoryChose(api: ApiOrigin): string {
  return `the BASE_URL of the "${api.environment}" environment, which this repository's files set (.falcon/environments/), and this folder is not trusted`;
}

export interface ApiOrigin {
  origin: string;
  environment: string;
}

/** The origin of the active environment's BASE_URL: the API under test. */
export async function apiOrigin(projectRoot: string, variables: VariableScope): Promise<ApiOrigin | undefined> {
  const environment = variables.environment;
  if (!environment) return undefined;
  const base = (await loadEnvironment(projectRoot, environment).catch(() => undefined))?.BASE_URL;
  if (!base) return undefined;
  const origin = originOf(await variables.resolve(base).catch(() => base));
  return origin ? { origin, environment } : undefined;
}

/** The http(s) origin of a URL; a WebSocket's (ws://, wss://) is that of the HTTP server it upgrades from. */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') return originOf(url.replace(/^ws/i, 'http'));
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
