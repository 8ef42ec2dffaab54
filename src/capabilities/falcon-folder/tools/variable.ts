import { z } from 'zod';
import { VARIABLE_NAME, loadEnvironment } from '../../../workspace/environments.js';
import { readGlobalVariables, writeGlobalVariable } from '../../../workspace/global-variables.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { factArgument } from '../../../kit/tool/call-facts.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskedResult } from '../../../kit/tool/tool-result.js';
import { maskNamedValue } from '../../../safety/secret-assignments.js';
import { secretLines } from '../../../safety/secret-lines.js';
import { isLiteralSecret, isSecretName } from '../../../safety/secret-names.js';

const SCOPES = ['session', 'global'] as const;
type Scope = (typeof SCOPES)[number];

const actions = defineActions(
  'variable',
  {
    name: z.string().describe('variable name, e.g. "USER_ID"'),
    value: z.union([z.string(), z.number(), z.boolean()]).describe('the value (kept as text)'),
    scope: z.enum(SCOPES).describe('session (this conversation only; the default for set) or global (.falcon/variables.json, shared, no secrets)'),
  },
  (action) => ({
    get: action({
      readOnly: true,
      required: ['name'],
      optional: ['scope'],
      async run({ name, scope }, ctx) {
        const found = await lookUp(name, scope, ctx);
        if (!found) throw new ToolError(`{{${name}}} is not set${scope ? ` in the ${scope} scope` : ''}; see action "list".`);
        return `${name} = ${maskNamedValue(name, found.value)} (${found.where})`;
      },
    }),
    set: action({
      required: ['name', 'value'],
      optional: ['scope'],
      // A session variable lives in memory only.
      readOnly: (args) => (args.scope === 'global' ? 'saves a global variable in .falcon/variables.json' : undefined),
      run: ({ name, value, scope }, ctx) => set(name, String(value), scope, ctx),
    }),
    delete: action({
      required: ['name'],
      optional: ['scope'],
      readOnly: (args) => (args.scope === 'session' ? undefined : 'may delete a global variable from .falcon/variables.json'),
      async run({ name, scope }, ctx) {
        if (scope !== 'global' && ctx.variables.session.delete(name)) return `Deleted session variable ${name}.`;
        if (scope !== 'session' && name in (await readGlobalVariables(ctx.projectRoot))) {
          await writeGlobalVariable(ctx.projectRoot, name, null);
          return `Deleted global variable ${name} (.falcon/variables.json).`;
        }
        throw new ToolError(`${name} is not a ${scope ?? 'session or global'} variable; nothing was deleted.`);
      },
    }),
    list: action({ optional: ['scope'], readOnly: true, run: ({ scope }, ctx) => list(scope, ctx) }),
  }),
);

// No preview: global variables are Falcon's own notes in .falcon/variables.json (see falcon-write.ts).
export const variableTool = defineTool({
  name: 'variable',
  description: 'Get, set, delete or list {{VAR}} variables, per session or global.',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'write',
  facts({ args, ok }) {
    const name = factArgument(args, 'name');
    return ok && args.action === 'set' && name ? { variables: [name] } : {};
  },
  async run(args, ctx) {
    try {
      return maskedResult(await actions.run(args, ctx), maskKeepingPlaceholders);
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function set(name: string, value: string, scope: Scope | undefined, ctx: ToolContext): Promise<string> {
  if (!VARIABLE_NAME.test(name))
    throw new ToolError(`"${name}" cannot be a variable name: use letters, digits, "_", "-" or ".", starting with a letter or "_"`);
  if (scope === 'global') {
    if ((isSecretName(name) && isLiteralSecret(value)) || secretLines(value).length > 0) {
      throw new ToolError(globalSecretRefusal(name, ctx.variables.environment));
    }
    await writeGlobalVariable(ctx.projectRoot, name, value);
    return `Set global ${name} = ${maskNamedValue(name, value)} (.falcon/variables.json).`;
  }
  ctx.variables.session.set(name, value);
  return `Set ${name} = ${maskNamedValue(name, value)} for this session.`;
}

async function lookUp(name: string, scope: Scope | undefined, ctx: ToolContext): Promise<{ value: string; where: string } | undefined> {
  const sessionValue = ctx.variables.session.get(name);
  if (scope !== 'global' && sessionValue !== undefined) return { value: sessionValue, where: 'session' };
  if (scope === 'session') return undefined;
  const environment = ctx.variables.environment;
  if (!scope && environment) {
    const value = (await loadEnvironment(ctx.projectRoot, environment))[name];
    if (value !== undefined) return { value, where: `environment ${environment}` };
  }
  const value = (await readGlobalVariables(ctx.projectRoot))[name];
  return value === undefined ? undefined : { value, where: 'global, .falcon/variables.json' };
}

async function list(scope: Scope | undefined, ctx: ToolContext): Promise<string> {
  const sections: string[] = [];
  if (scope !== 'global') sections.push(describe('Session', Object.fromEntries(ctx.variables.session)));
  if (scope !== 'session') sections.push(describe('Global (.falcon/variables.json)', await readGlobalVariables(ctx.projectRoot)));
  const environment = ctx.variables.environment;
  if (!scope) sections.push(environment ? `Environment "${environment}" is active: see environment {"action": "get"}.` : 'No environment is active.');
  return sections.join('\n\n');
}

function describe(title: string, variables: Record<string, string>): string {
  const entries = Object.entries(variables);
  if (entries.length === 0) return `${title}: none`;
  return [`${title}: ${entries.length}`, ...entries.map(([key, value]) => `- ${key} = ${maskNamedValue(key, value)}`)].join('\n');
}

function globalSecretRefusal(name: string, environment: string | undefined): string {
  return (
    `Not saved: ${name} looks like a secret, and .falcon/variables.json keeps values in clear. ` +
    `Put ${name}: "{{env:${name}}}" in .falcon/environments/${environment ?? 'dev'}.yaml and export ${name} in the shell or .env, ` +
    `write {{env:${name}}} directly, or set it with scope "session" (kept in memory only).`
  );
}
