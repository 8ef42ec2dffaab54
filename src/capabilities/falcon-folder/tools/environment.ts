import path from 'node:path';
import { z } from 'zod';
import { deleteEnvironment, listEnvironments, loadEnvironment, saveEnvironmentVariables } from '../../../workspace/environments.js';
import { baseUrlChangePreview, environmentSwitchPreview } from './environment-approval.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskedResult } from '../../../kit/tool/tool-result.js';
import { maskNamedValue } from '../../../safety/secret-assignments.js';
import { isLiteralSecret, isSecretName } from '../../../safety/secret-names.js';

const actions = defineActions(
  'environment',
  {
    name: z.string().describe('environment, e.g. "dev" for .falcon/environments/dev.yaml; get defaults to the active one'),
    variables: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('variables to merge in, e.g. {"BASE_URL": "http://localhost:3000"}; null removes one'),
  },
  (action) => ({
    list: action({
      readOnly: true,
      async run(_args, ctx) {
        const active = ctx.variables.environment;
        const names = await listEnvironments(ctx.projectRoot);
        if (names.length === 0) return 'No environments in .falcon/environments/ yet: create one with action "set".';
        const lines = names.map((n) => `- ${n}${n === active ? ' (active)' : ''}`);
        const none = active ? [] : ['No environment is active: switch with action "use".'];
        return [`${names.length} environment${names.length > 1 ? 's' : ''}:`, ...lines, ...none].join('\n');
      },
    }),
    get: action({
      readOnly: true,
      optional: ['name'],
      async run(args, ctx) {
        const active = ctx.variables.environment;
        const chosen = args.name ?? active;
        if (!chosen) throw new ToolError('No environment is active; give a name (see action "list").');
        const variables = await loadEnvironment(ctx.projectRoot, chosen);
        const entries = Object.entries(variables);
        const header = `Environment "${chosen}"${chosen === active ? ' (active)' : ''}: ${entries.length} variable${entries.length === 1 ? '' : 's'}`;
        return [header, ...entries.map(([key, value]) => `${key}: ${maskNamedValue(key, value)}`)].join('\n');
      },
    }),
    set: action({
      required: ['name', 'variables'],
      preview: ({ name, variables }, ctx) => baseUrlChangePreview(name, variables, ctx),
      run: ({ name, variables }, ctx) => set(name, variables, ctx),
    }),
    use: action({
      required: ['name'],
      description: 'switches to it for this session',
      preview: ({ name }, ctx) => environmentSwitchPreview(name, ctx),
      async run({ name }, ctx) {
        await ctx.variables.useEnvironment(name);
        return `Active environment: ${name} ({{VAR}} now resolves from .falcon/environments/${name}.yaml for this session).`;
      },
    }),
    delete: action({
      required: ['name'],
      async run({ name }, ctx) {
        if (name === ctx.variables.environment) throw new ToolError(`"${name}" is the active environment; switch to another with action "use" first.`);
        const file = await deleteEnvironment(ctx.projectRoot, name);
        return `Deleted environment "${name}" (${path.relative(ctx.projectRoot, file)}).`;
      },
    }),
  }),
);

// Environments are Falcon's own notes (see falcon-write.ts), but BASE_URL decides which origin
// requests go to without asking (request-origin.ts): moving it, or switching to an environment
// whose BASE_URL is elsewhere, is approved first.
export const environmentTool = defineTool({
  name: 'environment',
  description: 'List, show, set, switch or delete environments: {{VAR}} values per target (dev, staging…).',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'write',
  approvalWhen: 'to move a BASE_URL to another origin, or to switch to an environment whose BASE_URL is elsewhere',
  preview: actions.preview,
  async run(args, ctx) {
    try {
      return maskedResult(await actions.run(args, ctx), maskKeepingPlaceholders);
    } catch (error) {
      throw toToolError(error);
    }
  },
});

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
