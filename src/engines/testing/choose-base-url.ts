import type { FalconSpec } from '../spec/spec-format.js';
import { UnknownVariableError, type VariableScope } from '../../workspace/variable-scope.js';

export type BaseUrlOrigin = 'given' | 'environment' | 'spec';

export interface ChosenBaseUrl {
  url: string;
  from: BaseUrlOrigin;
}

/** No base URL anywhere, or one that is not http(s); `reason` lets each front end phrase its own advice. */
export class BaseUrlError extends Error {
  override name = 'BaseUrlError';
  constructor(
    message: string,
    readonly reason: 'missing' | 'not-http',
  ) {
    super(message);
  }
}

/**
 * The URL the cases are sent to: the one given (its `{{VAR}}`s filled), else the environment's
 * `BASE_URL`, else the spec's first absolute http(s) server. Without a trailing slash.
 */
export async function chooseBaseUrl(given: string | undefined, variables: VariableScope, spec: FalconSpec): Promise<ChosenBaseUrl> {
  if (given !== undefined) return checked(await variables.resolve(given), 'given');
  const fromEnvironment = await variables.resolve('{{BASE_URL}}').catch((error: unknown) => {
    if (error instanceof UnknownVariableError) return undefined;
    throw error;
  });
  if (fromEnvironment !== undefined) return checked(fromEnvironment, 'environment');
  const server = spec.servers.find((candidate) => /^https?:\/\/[^/{]/i.test(candidate.url) && !candidate.url.includes('{'));
  if (server) return checked(server.url, 'spec');
  const where = variables.environment ? `environment "${variables.environment}" has no BASE_URL` : 'no environment is active';
  throw new BaseUrlError(`no base URL: ${where} and the spec lists no absolute server URL`, 'missing');
}

function checked(url: string, from: BaseUrlOrigin): ChosenBaseUrl {
  const base = httpBaseUrl(url);
  if (base === undefined) {
    const origin = { given: 'the given base URL', environment: 'BASE_URL', spec: "the spec's server URL" }[from];
    throw new BaseUrlError(`${origin} "${url.trim()}" is not an http(s) URL such as http://localhost:3000`, 'not-http');
  }
  return { url: base, from };
}

/** The URL trimmed and without trailing slashes when it is an http(s) one; undefined otherwise. */
export function httpBaseUrl(url: string): string | undefined {
  const trimmed = url.trim();
  return /^https?:\/\/[^/]/i.test(trimmed) ? trimmed.replace(/\/+$/, '') : undefined;
}
