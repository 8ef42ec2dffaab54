import type { Preview } from '../tool/preview.js';
import { httpBaseUrl } from '../../engines/testing/choose-base-url.js';
import { loadEnvironment } from '../../workspace/environments.js';
import { UnknownVariableError } from '../../workspace/variable-scope.js';
import { otherOriginPreview } from './request-origin.js';
import type { ToolContext } from '../tool/tool.js';
import { ToolError } from '../tool/tool.js';

/** The base URL a testing tool was given, else the active environment's `BASE_URL`. */
export async function testBaseUrl(given: string | undefined, ctx: ToolContext): Promise<string> {
  let url: string;
  try {
    url = await ctx.variables.resolve(given ?? '{{BASE_URL}}');
  } catch (error) {
    if (!(error instanceof UnknownVariableError)) throw error;
    throw new ToolError(given === undefined ? `no base_url given and ${error.message}; pass base_url or set BASE_URL in the environment` : error.message);
  }
  const base = httpBaseUrl(url);
  if (base === undefined) throw new ToolError(`base URL "${url}" is not an http(s) URL such as http://localhost:3000`);
  return base;
}

/**
 * A base URL given to a testing tool that is not the API under test must be approved first; so must
 * the environment's BASE_URL in a folder that is not trusted. The cases may carry any of the session's
 * and the environment's variables.
 */
export async function baseUrlPreview(given: string | undefined, what: string, ctx: ToolContext): Promise<Preview | undefined> {
  if (given === undefined && ctx.trustedProject) return undefined; // the environment's BASE_URL: the API under test
  const url = await ctx.variables.resolve(given ?? '{{BASE_URL}}').catch(() => undefined);
  if (url === undefined) return undefined; // run() says what is missing
  const environment = ctx.variables.environment === undefined ? {} : await loadEnvironment(ctx.projectRoot, ctx.variables.environment).catch(() => ({}));
  return otherOriginPreview({ what, url, carries: { base_url: given, environment, session: Object.fromEntries(ctx.variables.session) } }, ctx);
}
