import { z } from 'zod';
import type { EndpointAnalysis } from '../engine/analyze-endpoint.js';
import { HTTP_METHODS } from '../../../engines/routes/route.js';
import { FRAMEWORKS } from '../../../workspace/init/frameworks.js';
import { configuredFramework } from '../../../kit/tool-support/configured-framework.js';
import { endpointUrl } from './endpoint-url.js';
import { OTHER_ORIGINS_ASK, otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { ingestedSpecIfAny } from '../../../kit/tool-support/test-spec.js';
import { maskForModel, workflowModel } from './workflow-model.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { requestBeyondReading } from '../../../kit/tool-support/request-effect.js';

const schema = z.strictObject({
  method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(HTTP_METHODS)).describe('HTTP method'),
  path: z.string().min(1).describe('a path (/users/42), a template (/users/{id}) or a URL'),
  probe: z.boolean().optional().describe('send one request to see how it answers (default true, false for DELETE)'),
  headers: z.record(z.string(), z.string()).optional().describe('the probe\'s headers, e.g. {"Authorization": "Bearer {{TOKEN}}"}'),
  body: z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .optional()
    .describe("the probe's body (default for POST, PUT, PATCH: {})"),
  base_url: z.string().min(1).optional().describe("where the API runs (default: the environment's BASE_URL)"),
  framework: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(FRAMEWORKS))
    .optional()
    .describe("default: the project's framework, else all are tried"),
});

type AnalyzeArgs = z.infer<typeof schema>;

export const analyzeEndpointTool = defineTool({
  name: 'analyze_endpoint',
  description: "An endpoint's handler, parameters, auth, validation and risks, from its code and one probe.",
  schema,
  kind: 'network',
  readOnly: (args) => (args.probe === false ? undefined : requestBeyondReading(args.method, args.headers)),
  callLimit: 10,
  approvalWhen: OTHER_ORIGINS_ASK,
  async preview(args, ctx) {
    const url = await probeUrl(args, ctx).catch(() => undefined);
    const resolved = url && (await ctx.variables.resolve(url).catch(() => undefined));
    if (!resolved) return undefined; // run() says what is wrong
    return otherOriginPreview({ what: `the probe ${args.method}`, url: resolved, carries: { url, headers: args.headers, body: args.body } }, ctx);
  },
  async run(args, ctx) {
    const [{ analyzeEndpoint }, { describeEndpoint }, { UnknownFrameworkError }, { toStoredResponse }] = await Promise.all([
      import('../engine/analyze-endpoint.js'),
      import('../engine/describe-endpoint.js'),
      import('../../../engines/routes/find-handler.js'),
      import('../../../engines/http/stored-response.js'),
    ]);
    const url = await probeUrl(args, ctx);
    ctx.progress(`reading the code of ${args.method} ${args.path}${url ? ' and sending one probe' : ''}`);
    const analysis = await analyzeEndpoint({
      projectRoot: ctx.projectRoot,
      method: args.method,
      path: args.path,
      framework: args.framework,
      configuredFramework: await configuredFramework(ctx.projectRoot),
      spec: await ingestedSpecIfAny(ctx.projectRoot),
      probe: url ? { url, headers: args.headers, body: args.body, variables: ctx.variables, cookies: ctx.session.cookies } : undefined,
      signal: ctx.signal,
    }).catch((error: unknown) => {
      if (error instanceof UnknownFrameworkError) throw new ToolError(error.message);
      throw error;
    });
    if (analysis.probe?.response) ctx.session.responses.remember(toStoredResponse(analysis.probe.response));
    const facts = maskForModel(ctx)(describeEndpoint(analysis));
    const noProbe = url ? [] : [`(No probe: ${probeSkipped(args)}.)`];
    const report = [headline(analysis), '', facts, ...noProbe].join('\n');
    const model = workflowModel(ctx, 'quick');
    if (!model) return report;
    ctx.progress(`asking ${model.model} to read the risks`);
    const { summarizeRisks } = await import('../engine/summarize-risks.js');
    try {
      const summary = await summarizeRisks(model, facts, ctx.signal);
      return `${report}\n\nThe model's reading of the risks (${model.model}; not checked against the code):\n${summary}`;
    } catch (error) {
      ctx.signal.throwIfAborted();
      return `${report}\n\n(No model reading of the risks: ${(error as Error).message})`;
    }
  },
});

/** The probe's URL; undefined when no probe goes (asked so, a DELETE, or no base URL known). */
async function probeUrl(args: AnalyzeArgs, ctx: ToolContext): Promise<string | undefined> {
  if (!(args.probe ?? args.method !== 'DELETE')) return undefined;
  return endpointUrl(args.path, args.base_url, ctx, { optional: true });
}

function probeSkipped(args: AnalyzeArgs): string {
  if (args.probe === false) return 'probe: false';
  if (args.probe === undefined && args.method === 'DELETE') return 'a DELETE probe would delete data; pass probe: true to send one';
  return 'no BASE_URL in the active environment; pass base_url to send one';
}

/** The numbers first: where the handler is, what the probe got, how many risks. */
function headline(analysis: EndpointAnalysis): string {
  const code = analysis.handler?.code;
  const handler = code
    ? `handler ${code.file}:${code.line}`
    : analysis.handler
      ? `route ${analysis.handler.route.file}:${analysis.handler.route.line}`
      : 'no handler found';
  const { probe } = analysis;
  const answer = probe ? (probe.response ? `probe HTTP ${probe.response.status}` : 'probe got no response') : 'no probe';
  return `${analysis.method} ${analysis.routes.path}: ${handler} · ${answer} · ${analysis.parameters.length} parameter${analysis.parameters.length === 1 ? '' : 's'} · ${analysis.risks.length} risk${analysis.risks.length === 1 ? '' : 's'}`;
}
