import { EnvironmentFileError, listEnvironments } from '../../workspace/environments.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import { ToolError, type ToolContext } from '../tool/tool.js';

/** The session's variables with `env` as the environment for one call; the session's own when none is named. */
export async function scopeForEnvironment(env: string | undefined, ctx: ToolContext): Promise<VariableScope> {
  if (env === undefined) return ctx.variables;
  const variables = ctx.variables.withValues({});
  try {
    await variables.useEnvironment(env);
  } catch (error) {
    if (!(error instanceof EnvironmentFileError)) throw error;
    const names = await listEnvironments(ctx.projectRoot);
    throw new ToolError(`${error.message} ${names.length > 0 ? `Environments: ${names.join(', ')}.` : 'The project has no environments yet.'}`);
  }
  return variables;
}
