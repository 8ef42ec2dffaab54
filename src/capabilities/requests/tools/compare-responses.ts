import { z } from 'zod';
import { LAST_RESPONSE } from '../../../engines/http/response-store.js';
import { describeNamedResponse, namedResponse } from './named-response.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskText } from '../../../safety/mask-text.js';

const MAX_SHOWN_DIFFERENCES = 50;

const schema = z.strictObject({
  baseline: z
    .string()
    .regex(/^[A-Za-z0-9_][\w.-]{0,99}$/, 'a name of letters, digits, _ . -')
    .describe('baseline name: the file .falcon/baselines/<name>.json'),
  current: z.string().min(1).optional().describe(`name of the stored response to compare or capture (default "${LAST_RESPONSE}")`),
  ignore_fields: z.array(z.string().min(1)).optional().describe('fields left out: JSONPaths ("$..id") or names at any depth ("updatedAt", "user.updatedAt")'),
  ignore_order: z.boolean().optional().describe('arrays are equal when they hold the same items in any order'),
  tolerance: z.number().min(0).optional().describe('numbers this close (absolute difference) are equal'),
  save_baseline: z.boolean().optional().describe('true: capture the response as the baseline (replacing it) instead of comparing'),
});

// No preview: baselines are Falcon's own snapshots in .falcon/baselines/, written whole in one step.
export const compareResponsesTool = defineTool({
  name: 'compare_responses',
  description: 'Compare a stored response with a saved baseline, or save it as the baseline.',
  schema,
  kind: 'write',
  readOnly: (args) => (args.save_baseline ? 'saves a baseline' : undefined),
  async run(args, ctx) {
    const name = args.current ?? LAST_RESPONSE;
    const response = namedResponse(ctx, name);
    const where = describeNamedResponse(name, response);
    const [{ BaselineError, baselineFromResponse, loadBaseline, saveBaseline }, { compareWithBaseline }, { JsonPathError }] = await Promise.all([
      import('../../../engines/assertions/baseline-store.js'),
      import('../../../engines/assertions/compare-baseline.js'),
      import('../../../engines/assertions/json-path.js'),
    ]);
    const current = baselineFromResponse(response, new Date(), ctx.secrets);
    try {
      if (args.save_baseline) {
        const file = await saveBaseline(ctx.projectRoot, args.baseline, current);
        return maskText(`Saved baseline "${args.baseline}" to ${file} (${where})`);
      }
      const baseline = await loadBaseline(ctx.projectRoot, args.baseline);
      const differences = compareWithBaseline(baseline, current, {
        ignoreFields: args.ignore_fields,
        ignoreOrder: args.ignore_order,
        tolerance: args.tolerance,
      });
      const saved = `baseline saved ${baseline.savedAt}`;
      if (differences.length === 0) return maskText(`Matches baseline "${args.baseline}" (${saved}; ${where})`);
      const count = differences.length;
      const lines = differences.slice(0, MAX_SHOWN_DIFFERENCES).map((difference) => `- ${difference}`);
      if (count > MAX_SHOWN_DIFFERENCES) lines.push(`… and ${count - MAX_SHOWN_DIFFERENCES} more`);
      const heading = `${count} difference${count === 1 ? '' : 's'} from baseline "${args.baseline}" (baseline → current; ${saved}; ${where})`;
      return maskText([heading, ...lines].join('\n'));
    } catch (error) {
      if (error instanceof BaselineError || error instanceof JsonPathError) throw new ToolError(error.message);
      throw toToolError(error);
    }
  },
});
