import { loadEnvironment } from '../../../workspace/environments.js';
import { readGlobalVariables } from '../../../workspace/global-variables.js';
import type { ToolContext } from '../../../kit/tool/tool.js';

/** The names `{{NAME}}` can use now: the session's, the active environment's and the global variables. */
export async function variableNames(ctx: ToolContext): Promise<string[]> {
  const environment = ctx.variables.environment;
  const [fromEnvironment, global] = await Promise.all([
    environment ? loadEnvironment(ctx.projectRoot, environment).catch(() => ({})) : {},
    readGlobalVariables(ctx.projectRoot).catch(() => ({})),
  ]);
  return [...new Set([...ctx.variables.session.keys(), ...Object.keys(fromEnvironment), ...Object.keys(global)])].sort();
}
