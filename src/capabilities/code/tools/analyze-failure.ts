import { z } from 'zod';
import { LAST_RESPONSE, type StoredResponse } from '../../../engines/http/response-store.js';
import { describeFailure } from './describe-failure.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  response: z.string().min(1).optional().describe(`stored response name (default "${LAST_RESPONSE}")`),
  error: z.string().min(1).optional().describe("a stack trace or log excerpt (default: the server's log lines for the response, when Falcon runs the server)"),
  expected: z.string().min(1).optional().describe('what should have happened, e.g. "200 with the user"'),
});

type AnalyzeArgs = z.infer<typeof schema>;

export const analyzeFailureTool = defineTool({
  name: 'analyze_failure',
  description: 'Find why a request failed: the stack trace in a response or error text, the project code of each frame, the likely cause.',
  schema,
  kind: 'read',
  readOnly: true,
  async run(args, ctx) {
    const response = pickResponse(args, ctx);
    const { analyzeFailure } = await import('../../../engines/failures/analyze-failure.js');
    // The server's own log lines for the request, when Falcon runs the server: what a person would read in its terminal.
    const analysis = await analyzeFailure({ projectRoot: ctx.projectRoot, errorText: args.error ?? response?.serverLogText, responseBody: response?.body });
    const report = maskText(describeFailure({ analysis, response, expected: args.expected }));
    if (!ctx.model || !analysis.trace) return report;
    ctx.progress('asking the model for an explanation');
    const { explainFailure } = await import('../../../engines/failures/explain-failure.js');
    try {
      const explanation = await explainFailure(ctx.model, report, ctx.signal);
      return `${report}\n\nThe model's explanation (${ctx.model.model}; not checked against the code):\n${maskText(explanation)}`;
    } catch (error) {
      ctx.signal.throwIfAborted();
      return `${report}\n\n(No model explanation: ${(error as Error).message})`;
    }
  },
});

/**
 * The response named, or else the latest one — when no error text is given, or when the latest
 * failed (then it is most likely the request the error text belongs to).
 */
function pickResponse(args: AnalyzeArgs, ctx: ToolContext): StoredResponse | undefined {
  const { responses } = ctx.session;
  if (args.response) {
    const named = responses.get(args.response);
    if (named) return named;
    const names = responses.names();
    throw new ToolError(
      `no stored response named "${args.response}"; ${names.length ? `stored: ${names.join(', ')}` : 'none is stored yet: send the request with http_request first'}`,
    );
  }
  const last = responses.get(LAST_RESPONSE);
  if (!args.error && !last) {
    throw new ToolError(
      'nothing to analyze: no response in this session and no error text; send the failing request with http_request, or pass the stack trace or log excerpt as `error`',
    );
  }
  return args.error && last && last.status < 400 ? undefined : last;
}
