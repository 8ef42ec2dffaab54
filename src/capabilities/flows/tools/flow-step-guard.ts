// Issue 28: a step that extracts BASE_URL (or any value a later URL names) can move the steps after it
// to another origin, with the flow's tokens. The flow's confirmation covered each step's origin as the
// flow wrote it; a step going anywhere else is asked about as a request of its own, when it is sent.
import type { BeforeSend } from '../engine/flow-context.js';
import type { Flow } from '../../../engines/flow-files/flow-format.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { plannedStepOrigins } from './flow-origins.js';
import { apiOrigin, originOf, originPreview } from '../../../kit/tool-support/request-origin.js';

/** What run_flow checks before each step's request goes, for a flow whose confirmation the user gave (or that needed none). */
export async function flowStepGuard(flow: Flow, variables: VariableScope, ctx: ToolContext): Promise<BeforeSend> {
  const planned = await plannedStepOrigins(flow, variables, ctx.projectRoot);
  // The API under test as the session knows it: never the flow's scope, where a step may have replaced BASE_URL.
  const api = await apiOrigin(ctx.projectRoot, ctx.variables);
  return async ({ index, parts, variables: scope }) => {
    const origin = originOf(parts.url);
    if (origin === undefined || planned.get(index)?.origin === origin) return undefined;
    const { method, url, headers, query, body, form } = parts;
    const preview = await originPreview({ what: `step ${index + 1}'s ${method.toUpperCase()}`, url, carries: { url, headers, query, body, form } }, api, {
      trustedProject: ctx.trustedProject,
      variables: scope,
    });
    if (!preview) return undefined;
    const wrote = planned.get(index);
    const moved = wrote
      ? `the flow's confirmation covered ${wrote.origin} for step ${index + 1}; an earlier step moved it to ${origin}`
      : `${origin} was known only once the flow ran`;
    if (!ctx.approve) return `${moved}, and nobody can be asked here`;
    const approved = await ctx.approve('run_flow', preview.kind === 'info' ? { ...preview, details: `${capitalized(moved)}.\n${preview.details}` } : preview);
    return approved ? undefined : `${moved}, and it was not approved`;
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
