import { z } from 'zod';
import type { FalconSpec } from '../../../engines/spec/spec-format.js';
import { otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { specInsideProject } from '../../../kit/tool-support/spec-inside-project.js';
import { ingestedSpecForTool } from '../../../kit/tool-support/test-spec.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

/** The most changes an observation lists: non-breaking ones are left out first, and counted. */
const MOST_CHANGES = 80;

const schema = z.strictObject({
  old: z.string().min(1).optional().describe('the earlier spec: a file in the project or an http(s) URL (default: .falcon/spec.yaml, the ingested one)'),
  new: z.string().min(1).describe('the later spec: a file in the project or an http(s) URL'),
});

const isUrl = (source: string | undefined): source is string => source !== undefined && /^https?:\/\//i.test(source);

export const specDiffTool = defineTool({
  name: 'spec_diff',
  description:
    'Compare two versions of an OpenAPI/Swagger spec: every change breaking, warning or non-breaking, by operation, with where it is (removed operations, new required parameters, narrowed request values, removed response properties, added security…).',
  schema,
  kind: 'network',
  readOnly: true,
  callLimit: 10,
  approvalWhen: 'when a spec is fetched from outside BASE_URL’s origin',
  preview: (args, ctx) => fetchPreview([args.old, args.new].filter(isUrl), ctx),
  async run(args, ctx) {
    const [{ diffSpecs }, { specDiffReport }, { specDiffText }] = await Promise.all([
      import('../engine/spec-diff/diff-specs.js'),
      import('../engine/spec-diff/spec-diff-report.js'),
      import('../engine/spec-diff/spec-diff-text.js'),
    ]);
    const [old, current] = await Promise.all([args.old === undefined ? ingested(ctx) : loaded(args.old, ctx), loaded(args.new, ctx)]);
    const report = specDiffReport(old, current, diffSpecs(old.spec, current.spec), 'breaking');
    return maskText(specDiffText(report, { mostChanges: MOST_CHANGES }));
  },
});

async function ingested(ctx: ToolContext): Promise<{ spec: FalconSpec; shown: string }> {
  return { spec: await ingestedSpecForTool(ctx.projectRoot), shown: '.falcon/spec.yaml' };
}

async function loaded(source: string, ctx: ToolContext): Promise<{ spec: FalconSpec; shown: string }> {
  const { loadSpecUnderTest } = await import('../../../engines/testing/load-test-spec.js');
  try {
    return (await loadSpecUnderTest(await specInsideProject(source, ctx.projectRoot), ctx.projectRoot, ctx.signal))!;
  } catch (error) {
    if (error instanceof Error && error.name === 'SpecError') throw new ToolError(error.message);
    throw error;
  }
}

/** One question for the specs fetched from origins beyond the API under test, however many. */
async function fetchPreview(urls: string[], ctx: ToolContext): Promise<Preview | undefined> {
  const oneByOrigin = [...new Map(urls.map((url) => [new URL(url).origin, url])).values()];
  const previews = (await Promise.all(oneByOrigin.map((url) => otherOriginPreview({ what: 'a request for the spec', url, carries: url }, ctx)))).filter(
    (preview): preview is Preview => preview !== undefined,
  );
  if (previews.length <= 1) return previews[0];
  const origins = oneByOrigin.map((url) => new URL(url).origin);
  return {
    kind: 'info',
    title: `send requests for the specs to ${origins.join(' and ')}`,
    details: previews.map((preview) => (preview.kind === 'info' ? preview.details : '')).join('\n'),
    always: { kind: 'origins', origins },
  };
}
