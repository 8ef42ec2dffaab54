import path from 'node:path';
import type { Preview } from '../../../kit/tool/preview.js';
import { environmentChange, loadEnvironment } from '../../../workspace/environments.js';
import { guardedChangePreview } from './guarded-falcon-files.js';
import type { ToolContext } from '../../../kit/tool/tool.js';

type Changes = Record<string, string | number | boolean | null>;

/** Setting variables that move an environment's BASE_URL to another origin shows the diff to approve. */
export async function baseUrlChangePreview(name: string, variables: Changes, ctx: ToolContext): Promise<Preview | undefined> {
  const changes = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value === null ? null : String(value)]));
  const change = await environmentChange(ctx.projectRoot, name, changes).catch(() => undefined);
  if (!change) return undefined; // run() says what is wrong
  const relative = path.relative(path.join(ctx.projectRoot, '.falcon'), change.file).split(path.sep).join('/');
  return guardedChangePreview(relative, change.before, change.after);
}

/** Switching to an environment whose BASE_URL has another origin changes where requests go unasked. */
export async function environmentSwitchPreview(name: string, ctx: ToolContext): Promise<Preview | undefined> {
  const current = ctx.variables.environment;
  if (name === current) return undefined;
  const to = await baseOrigin(name, ctx);
  if (to === undefined) return undefined;
  const from = current === undefined ? undefined : await baseOrigin(current, ctx);
  if (to === from) return undefined;
  return {
    kind: 'info',
    title: `switch to the "${name}" environment`,
    details: [
      ctx.trustedProject
        ? `Requests to ${to} (its BASE_URL) will then go without asking${from ? `, instead of requests to ${from}` : ''}.`
        : `${to} (its BASE_URL) will then be the API under test${from ? `, instead of ${from}` : ''}; as this folder is not trusted, its first request is still asked about.`,
      'Approve only if you meant Falcon to test that API.',
    ].join('\n'),
  };
}

async function baseOrigin(name: string, ctx: ToolContext): Promise<string | undefined> {
  const base = (await loadEnvironment(ctx.projectRoot, name).catch(() => undefined))?.BASE_URL;
  if (!base) return undefined;
  const resolved = await ctx.variables.resolve(base).catch(() => base);
  return URL.canParse(resolved) ? new URL(resolved).origin : resolved;
}
