import { z } from 'zod';
import { retryUntilSuccess } from '../engines/retry/retry-until-success.js';
import { formatDuration } from '../engines/testing/report/report-text.js';
import { type AnyTool, type ToolContext, ToolError, defineTool } from '../kit/tool/tool.js';
import { type ToolResult, toolResult } from '../kit/tool/tool-result.js';
import { validateToolArgs } from '../kit/tool/validate-args.js';

export const RETRY_TOOL_NAME = 'retry';
const MAX_OUTCOME_CHARS = 120;

const NOT_A_STATUS = 'not an HTTP status (100–599)';
const status = z.number().int().min(100, NOT_A_STATUS).max(599, NOT_A_STATUS);

const schema = z.strictObject({
  tool: z.string().min(1).describe('the tool to run, e.g. "http_request"'),
  args: z.record(z.string(), z.unknown()).describe("that tool's arguments, exactly as for a direct call"),
  max_attempts: z.number().int().min(1, 'at least 1').max(10, 'at most 10').default(3).describe('attempts in all, at most 10'),
  delay_ms: z
    .number()
    .int()
    .min(0, 'cannot be negative')
    .max(60_000, 'at most 60000 (1 minute)')
    .default(1000)
    .describe('wait before the second attempt, in milliseconds'),
  backoff: z.enum(['fixed', 'exponential']).default('fixed').describe('exponential doubles the wait after each attempt (each wait at most 60 s)'),
  until_status: z
    .union([status, z.array(status).min(1)])
    .optional()
    .describe('keep trying until the response has this HTTP status (or one of these), e.g. 200 or [200, 201]'),
});

interface Attempt {
  succeeded: boolean;
  /** One line: what happened. */
  outcome: string;
  /** The tool's result, or its error message as the text. */
  result: ToolResult;
}

/** `lookup` finds the tool to retry: the registry passes its own `get`. */
export function createRetryTool(lookup: (name: string) => AnyTool | undefined) {
  return defineTool({
    name: RETRY_TOOL_NAME,
    description: 'Run another tool again until it succeeds, or until its response has a given status.',
    schema,
    kind: 'long',
    callLimit: 10,
    async run(args, ctx) {
      const tool = findRetryableTool(lookup, args.tool);
      const validated = validateToolArgs(tool, args.args);
      if (!validated.ok) throw new ToolError(`invalid args for ${tool.name}: ${validated.problems}`);
      // A call that would need the user's approval is never made behind their back, once or ten times.
      if (tool.preview && (await tool.preview(validated.value, ctx))) {
        throw new ToolError(`this ${tool.name} call needs the user's approval, so it cannot be retried automatically: call it directly`);
      }
      const wanted = args.until_status === undefined ? undefined : [args.until_status].flat();
      const report = await retryUntilSuccess((number) => attempt(tool, validated.value, wanted, ctx, number), {
        maxAttempts: args.max_attempts,
        delayMs: args.delay_ms,
        backoff: args.backoff,
        signal: ctx.signal,
        onWait: (next, waitMs) => ctx.progress(`attempt ${next} of ${args.max_attempts} in ${formatDuration(waitMs)}`),
      });
      const count = report.attempts.length;
      const lines = report.attempts.map(({ result, waitMs }, index) => {
        const then = waitMs === undefined ? '' : ` — retried after ${formatDuration(waitMs)}`;
        return `attempt ${index + 1}: ${result.outcome}${then}`;
      });
      const last = report.attempts[count - 1]!.result;
      const attempts = `${count} attempt${count === 1 ? '' : 's'}`;
      const head = report.succeeded
        ? `${tool.name} succeeded on attempt ${count} of ${args.max_attempts} (${formatDuration(report.durationMs)}).`
        : `${tool.name} did not succeed in ${attempts} (${formatDuration(report.durationMs)}); giving up.`;
      const text = `${head}\n${lines.join('\n')}\n\nLast ${last.succeeded ? 'result' : 'attempt'}:\n${last.result.text}`;
      if (!report.succeeded) throw new ToolError(text);
      // What the screen shows of the attempt that succeeded: its response's status, its command's exit.
      return { text, ...(last.result.details && { details: last.result.details }) } satisfies ToolResult;
    },
  });
}

function findRetryableTool(lookup: (name: string) => AnyTool | undefined, name: string): AnyTool {
  if (name === RETRY_TOOL_NAME) throw new ToolError('retry cannot retry itself: give the inner tool and its args directly');
  const tool = lookup(name);
  if (!tool) throw new ToolError(`unknown tool "${name}" — give the name of a tool you could call directly, e.g. "http_request"`);
  return tool;
}

async function attempt(tool: AnyTool, args: unknown, wanted: number[] | undefined, ctx: ToolContext, number: number): Promise<Attempt> {
  const before = ctx.session.responses.get();
  let result: ToolResult;
  try {
    result = toolResult(await tool.run(args, ctx));
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const message = error instanceof Error ? error.message || error.name : String(error);
    return { succeeded: false, outcome: `error: ${firstLine(message)}`, result: { text: `Error: ${message}` } };
  }
  if (!wanted) return { succeeded: true, outcome: firstLine(result.text), result };
  const response = ctx.session.responses.get();
  if (!response || response === before) {
    // Such a tool can never meet the condition: say so at once instead of retrying in vain.
    throw new ToolError(`until_status needs a tool that keeps its HTTP response (such as http_request); ${tool.name} kept none on attempt ${number}`);
  }
  const summary = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (wanted.includes(response.status)) return { succeeded: true, outcome: summary, result };
  return { succeeded: false, outcome: `${summary} (waiting for ${wanted.join(' or ')})`, result };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > MAX_OUTCOME_CHARS ? `${line.slice(0, MAX_OUTCOME_CHARS - 1)}…` : line;
}
