import { httpBaseUrl } from '../engines/testing/choose-base-url.js';
import { UnknownVariableError } from '../workspace/variable-scope.js';
import type { ToolContext } from './tool.js';
import { ToolError } from './tool.js';

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
