import { ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import { testBaseUrl } from '../../../kit/tool-support/test-base-url.js';

/** A path a workflow tool is given as a whole URL: `http(s)://…` or `{{BASE_URL}}/…`. */
export function isUrl(path: string): boolean {
  return /^(?:https?:\/\/|\{\{)/i.test(path.trim());
}

/**
 * Where a request for an endpoint goes: a URL as given, else the concrete path under `base_url` or
 * the environment's BASE_URL. Undefined when there is no base URL and `optional` says that is fine.
 */
export async function endpointUrl(
  path: string,
  baseUrl: string | undefined,
  ctx: ToolContext,
  options: { optional?: boolean } = {},
): Promise<string | undefined> {
  if (isUrl(path)) return path.trim();
  const [{ concretePath }, { joinUrl }] = await Promise.all([
    import('../engine/endpoint-path.js'),
    import('../../../engines/testing/run/case-http-request.js'),
  ]);
  let base: string;
  try {
    base = await testBaseUrl(baseUrl, ctx);
  } catch (error) {
    if (options.optional && baseUrl === undefined && error instanceof ToolError) return undefined;
    throw error;
  }
  return joinUrl(base, concretePath(path));
}
