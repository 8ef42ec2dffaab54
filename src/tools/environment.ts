import path from 'node:path';
import { z } from 'zod';
import { deleteEnvironment, listEnvironments, loadEnvironment, saveEnvironmentVariables } from '../workspace/environments.js';
import { checkActionArgs } from './support/action-args.js';
import { baseUrlChangePreview, environmentSwitchPreview } from './support/environment-approval.js';
import { ToolError, type ToolContext, defineTool } from './tool.js';
import { toToolError } from './support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../safety/mask-keeping-placeholders.js';
import { maskNamedValue } from '../safety/secret-assignments.js';
import { isLiteralSecret, isSecretName } from '../safety/secret-names.js';

const schema = z.strictObject({
  action: z.enum(['list', 'get', 'set', 'use', 'delete']).describe('environments are .falcon/environments/<name>.yaml; use switches the active one for this session'),
  name: z.string().optional().describe('environment, e.g. "dev" or "staging"; get defaults to the active one'),
  variables: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .optional()
    .describe('set: variables to merge in, e.g. {"BASE_URL": "http://localhost:3000"}; null removes one'),
});

type EnvironmentArgs = z.infer<typeof schema>;

// Environments are Falcon's own notes (see falcon-write.ts), but BASE_URL decides which origin
// requests go to without asking (request-origin.ts): moving it, or switching to an environment
// whose BASE_URL is elsewhere, is approved first.
export const environmentTool = defineTool({
  name: 'environment',
  description: 'List, show, set, switch or delete environments: the {{VAR}} values per target (dev, staging, …).',
  schema,
  kind: 'write',
  approvalWhen: 'to move a BASE_URL to another origin, or to switch to an environment whose BASE_URL is elsewhere',
  async preview(args, ctx) {
    if (args.action === 'set' && args.name && args.variables) return baseUrlChangePreview(args.name, args.variables, ctx);
    if (args.action === 'use' && args.name) return environmentSwitchPreview(args.name, ctx);
    return undefined;
  },
  async run(args, ctx) {
    checkActionArgs('environment', args, {
      list: {},
      get: { optional: ['name'] },
      set: { required: ['name', 'variables'] },
      use: { required: ['name'] },
      delete: { required: ['name'] },
    });
    try {
      return maskKeepingPlaceholders(await act(args, ctx));
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function act(args: EnvironmentArgs, ctx: ToolContext): Promise<string> {
  const active = ctx.variables.environment;
  const name = args.name ?? '';
  switch (args.action) {
    case 'list': {
      const names = await listEnvironments(ctx.projectRoot);
      if (names.length === 0) return 'No environments in .falcon/environments/ yet: create one with action "set".';
      const lines = names.map((n) => `- ${n}${n === active ? ' (active)' : ''}`);
      const none = active ? [] : ['No environment is active: switch with action "use".'];
      return [`${names.length} environment${names.length > 1 ? 's' : ''}:`, ...lines, ...none].join('\n');
    }
    case 'get': {
      const chosen = args.name ?? active;
      if (!chosen) throw new ToolError('No environment is active; give a name (see action "list").');
      const variables = await loadEnvironment(ctx.projectRoot, chosen);
      const entries = Object.entries(variables);
      const header = `Environment "${chosen}"${chosen === active ? ' (active)' : ''}: ${entries.length} variable${entries.length === 1 ? '' : 's'}`;
      return [header, ...entries.map(([key, value]) => `${key}: ${maskNamedValue(key, value)}`)].join('\n');
    }
    case 'set':
      return set(name, args.variables ?? {}, ctx);
    case 'use':
      await ctx.variables.useEnvironment(name);
      return `Active environment: ${name} ({{VAR}} now resolves from .falcon/environments/${name}.yaml for this session).`;
    case 'delete': {
      if (name === active) throw new ToolError(`"${name}" is the active environment; switch to another with action "use" first.`);
      const file = await deleteEnvironment(ctx.projectRoot, name);
      return `Deleted environment "${name}" (${path.relative(ctx.projectRoot, file)}).`;
    }
  }
}

async function set(name: string, variables: Record<string, string | number | boolean | null>, ctx: ToolContext): Promise<string> {
  const changes = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value === null ? null : String(value)]));
  if (Object.keys(changes).length === 0) throw new ToolError('set needs at least one variable, e.g. {"BASE_URL": "http://localhost:3000"}');
  const { file, created } = await saveEnvironmentVariables(ctx.projectRoot, name, changes);
  const entries = Object.entries(changes);
  const lines = [
    `${created ? 'Created' : 'Updated'} environment "${name}" (${path.relative(ctx.projectRoot, file)}):`,
    ...entries.map(([key, value]) => (value === null ? `- ${key} removed` : `- ${key}: ${maskNamedValue(key, value)}`)),
  ];
  const secrets = entries.filter(([key, value]) => value !== null && isSecretName(key) && isLiteralSecret(value)).map(([key]) => key);
  for (const key of secrets) {
    lines.push(`Note: ${key} is a secret in clear in that file; prefer ${key}: "{{env:${key}}}" to read it from the shell or .env.`);
  }
  return lines.join('\n');
}
