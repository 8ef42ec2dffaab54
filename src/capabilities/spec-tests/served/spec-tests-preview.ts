import { apiOrigin, otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview } from '../../../kit/tool-support/test-base-url.js';
import type { Preview } from '../../../kit/tool/preview.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { specInsideProject } from '../../../kit/tool-support/spec-inside-project.js';

const isUrl = (spec: string | undefined): spec is string => spec !== undefined && /^https?:\/\//i.test(spec);

/**
 * What run_spec_tests asks about, as a session asks about any request to another origin than
 * BASE_URL's: a spec fetched from a URL, and the cases' target — the base URL given, BASE_URL itself
 * in a folder that is not trusted, or, when no environment has a BASE_URL, the server the spec names
 * (read here only from a spec in the project).
 * `ctx.variables` is the scope of the call's environment.
 */
export async function specTestsPreview(args: { spec?: string; base_url?: string }, ctx: ToolContext): Promise<Preview | undefined> {
  const fetchSpec = isUrl(args.spec) ? await otherOriginPreview({ what: 'a request for the spec', url: args.spec, carries: args.spec }, ctx) : undefined;
  if (args.base_url !== undefined) return joined(fetchSpec, await baseUrlPreview(args.base_url, 'the spec tests', ctx));
  if (await apiOrigin(ctx.projectRoot, ctx.variables)) return joined(fetchSpec, await baseUrlPreview(undefined, 'the spec tests', ctx));
  if (isUrl(args.spec))
    return fetchSpec?.kind === 'info' ? { ...fetchSpec, details: `${fetchSpec.details}\nThe cases then go to the server URL that spec names.` } : fetchSpec;
  const server = await specServer(args.spec, ctx);
  return server === undefined ? undefined : otherOriginPreview({ what: 'the spec tests', url: server, carries: server }, ctx);
}

/** The spec's server the run would fall back on; `undefined` when there is none, or the run will refuse the spec. */
async function specServer(spec: string | undefined, ctx: ToolContext): Promise<string | undefined> {
  const [{ loadSpecUnderTest }, { chooseBaseUrl }] = await Promise.all([
    import('../../../engines/testing/load-test-spec.js'),
    import('../../../engines/testing/choose-base-url.js'),
  ]);
  try {
    const loaded = await loadSpecUnderTest(await specInsideProject(spec, ctx.projectRoot), ctx.projectRoot, ctx.signal);
    return loaded && (await chooseBaseUrl(undefined, ctx.variables, loaded.spec)).url;
  } catch {
    return undefined; // run() says what is wrong
  }
}

function joined(first: Preview | undefined, second: Preview | undefined): Preview | undefined {
  if (!first || !second) return first ?? second;
  if (first.kind !== 'info' || second.kind !== 'info') return first;
  return { kind: 'info', title: `${first.title}; ${second.title}`, details: `${first.details}\n${second.details}` };
}
