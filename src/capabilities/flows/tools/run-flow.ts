import { z } from 'zod';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';

const schema = z.strictObject({
  name: z.string().min(1).optional().describe('a saved flow: .falcon/flows/NAME.yaml (or the path of a flow file)'),
  flow: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'instead of name: the flow itself, as a flow file holds it, e.g. {"name": "login", "steps": [{"name": "log in", "request": {"method": "POST", "url": "{{BASE_URL}}/login", "body": {"user": "ann"}}, "assertions": {"status_code": 200}, "extract": {"token": "$.token"}}]}',
    ),
  env: z.string().min(1).optional().describe('the environment for {{VAR}} and BASE_URL in this run (default: the active one)'),
});

export const runFlowTool = defineTool({
  name: 'run_flow',
  description: 'Run a multi-step API flow (saved in .falcon/flows/ or inline): each step with its result.',
  schema,
  kind: 'network',
  callLimit: 10,
  approvalWhen: `${OTHER_ORIGINS_ASK} (once for the whole flow; a step moved elsewhere, when sent)`,
  async preview(args, ctx) {
    const [{ flowToRun }, { scopeForEnvironment }, { flowOriginPreview }] = await Promise.all([
      import('./flow-to-run.js'),
      import('../../../kit/tool-support/environment-scope.js'),
      import('./flow-origins.js'),
    ]);
    const found = await flowToRun(args, ctx.projectRoot).catch(() => undefined);
    const variables = await scopeForEnvironment(args.env, ctx).catch(() => undefined);
    if (!found || !variables) return undefined; // run() says what is wrong
    return flowOriginPreview(found.flow, found.name, variables, ctx);
  },
  async run(args, ctx) {
    const [{ flowToRun }, { scopeForEnvironment }, { runFlowInContext }, { toToolError }, { maskText }, { flowStepGuard }] = await Promise.all([
      import('./flow-to-run.js'),
      import('../../../kit/tool-support/environment-scope.js'),
      import('./run-flow-in-context.js'),
      import('../../../kit/tool-support/workspace-errors.js'),
      import('../../../safety/mask-text.js'),
      import('./flow-step-guard.js'),
    ]);
    const found = await flowToRun(args, ctx.projectRoot);
    const variables = await scopeForEnvironment(args.env, ctx);
    const beforeSend = await flowStepGuard(found.flow, variables, ctx);
    return runFlowInContext(found, { ...ctx, variables }, { beforeSend, onStep: (line) => ctx.progress(line) }).catch((error: unknown) => {
      const expected = toToolError(error);
      throw expected instanceof ToolError ? new ToolError(maskText(expected.message, { secrets: ctx.secrets })) : expected;
    });
  },
});
