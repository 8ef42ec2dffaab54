import { z } from 'zod';
import { scopeForEnvironment } from '../../../kit/tool-support/environment-scope.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { requestTool } from '../tools/request.js';
import { type ToolContext, defineTool } from '../../../kit/tool/tool.js';

const schema = z.strictObject({
  name: z.string().min(1).describe('the saved request, e.g. "get-user" for .falcon/requests/get-user.yaml'),
  env: z.string().min(1).optional().describe('the environment whose variables fill {{VAR}} (default: the active one)'),
});

/** The `request` tool's `run` action on its own: another agent runs what the project saved, it does not edit it. */
export const runSavedRequestTool = defineTool({
  name: 'run_saved_request',
  description: 'Send a saved request (.falcon/requests/NAME.yaml) and check its assertions.',
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  async preview({ name, env }, ctx) {
    return requestTool.preview?.({ action: 'run', name }, await inEnvironment(env, ctx));
  },
  async run({ name, env }, ctx) {
    return requestTool.run({ action: 'run', name }, await inEnvironment(env, ctx));
  },
});

async function inEnvironment(env: string | undefined, ctx: ToolContext): Promise<ToolContext> {
  return { ...ctx, variables: await scopeForEnvironment(env, ctx) };
}
