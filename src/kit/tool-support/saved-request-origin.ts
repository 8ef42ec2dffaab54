import type { Preview } from '../tool/preview.js';
import { loadSavedRequest } from '../../workspace/saved-requests.js';
import { otherOriginPreview } from './request-origin.js';
import type { ToolContext } from '../tool/tool.js';

/**
 * Running a saved request against another origin than the API under test is approved first. With
 * data rows, each row's URL counts: a row may fill the host.
 */
export async function savedRequestPreview(name: string, ctx: ToolContext, rows: readonly Record<string, string>[] = [{}]): Promise<Preview | undefined> {
  const saved = await loadSavedRequest(ctx.projectRoot, name).catch(() => undefined);
  if (!saved) return undefined; // run() says what is wrong with it
  const { method, headers, query, body } = saved;
  const what = `${method.toUpperCase()} (saved request "${name}")`;
  const urls = new Set<string>();
  for (const row of rows) {
    const url = await ctx.variables
      .withValues(row)
      .resolve(saved.url)
      .catch(() => undefined);
    if (url !== undefined) urls.add(originOnly(url));
  }
  for (const url of urls) {
    const preview = await otherOriginPreview({ what, url, carries: { url: saved.url, headers, query, body } }, ctx);
    if (preview) return preview;
  }
  return undefined;
}

/** One URL per origin is enough to decide. */
function originOnly(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}
