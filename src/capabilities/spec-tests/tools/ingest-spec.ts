import { z } from 'zod';
import { otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  source: z.string().min(1).optional().describe('spec file in the project, or http(s) URL; needed for index'),
  action: z.enum(['index', 'status']).optional().describe('index (default): ingest; status: what .falcon/spec.yaml holds'),
});

export const ingestSpecTool = defineTool({
  name: 'ingest_spec',
  description: 'Ingest an OpenAPI 2/3 spec or Postman collection into .falcon/spec.yaml and summarize it, or say what is ingested.',
  schema,
  kind: 'network',
  readOnly: (args) => (args.action === 'status' ? undefined : 'writes .falcon/spec.yaml'),
  callLimit: 5,
  approvalWhen: 'when the spec is fetched from outside BASE_URL’s origin',
  async preview(args, ctx) {
    if (args.action === 'status' || !args.source || !/^https?:\/\//i.test(args.source)) return undefined;
    return otherOriginPreview({ what: 'a request for the spec', url: args.source, carries: args.source }, ctx);
  },
  async run(args, ctx) {
    if (args.action === 'status') {
      const { readSpecStatus } = await import('../../../engines/spec/spec-status.js');
      const status = await readSpecStatus(ctx.projectRoot).catch(asToolError);
      if (!status) return 'No spec ingested yet (.falcon/spec.yaml is missing); call ingest_spec with a source to ingest one.';
      return `.falcon/spec.yaml: ${status.operationCount} operations of "${status.title}" from ${status.source} (${status.kind}), ingested ${status.ingestedAt}`;
    }
    if (!args.source) throw new ToolError('source is required to index a spec: a file inside the project or an http(s) URL');
    const asyncApi = await import('../../../engines/websocket/asyncapi/ingest-asyncapi.js');
    if (await asyncApi.looksLikeAsyncApiFile(args.source, ctx.projectRoot)) {
      const { channels, written } = await asyncApi.ingestAsyncApi(args.source, ctx.projectRoot, ctx.signal).catch(asToolError);
      const { asyncApiSummary } = await import('../../../engines/websocket/asyncapi/asyncapi-summary.js');
      return maskText(`Wrote ${written}.\n\n${asyncApiSummary(channels)}`);
    }
    const { ingestSpec } = await import('../../../engines/spec/ingest-spec.js');
    const result = await ingestSpec(args.source, { projectRoot: ctx.projectRoot, signal: ctx.signal, onProgress: (message) => ctx.progress(message) }).catch(
      asToolError,
    );
    return maskText(`Wrote ${result.written}.\n\n${result.summary}`);
  },
});

function asToolError(error: unknown): never {
  if (error instanceof Error && error.name === 'SpecError') throw new ToolError(error.message);
  throw error;
}
