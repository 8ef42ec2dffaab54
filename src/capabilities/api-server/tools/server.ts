import { z } from 'zod';
import type { ManagedServer } from '../../../engines/api-server/managed-server.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';

const DEFAULT_LOG_LINES = 50;
const MAX_LOG_LINES = 500;

/** What plan mode says of starting the server: it runs the project's command. */
const runsTheServer = () => "runs the API's server command";

const actions = defineActions(
  'server',
  {
    lines: z.number().int().min(1).max(MAX_LOG_LINES).describe(`how many of the last lines (default ${DEFAULT_LOG_LINES})`),
    grep: z.string().min(1).describe('only lines matching this regular expression (letter case aside), e.g. "error|falcon-3f9a0c12"'),
  },
  (action) => ({
    status: action({ readOnly: true, run: async (_args, ctx) => status(configured(ctx), ctx) }),
    logs: action({
      optional: ['lines', 'grep'],
      readOnly: true,
      run: async ({ lines, grep }, ctx) => logs(configured(ctx), lines ?? DEFAULT_LOG_LINES, grep, ctx),
    }),
    start: action({ readOnly: runsTheServer, preview: async (_args, ctx) => startPreview(ctx), run: async (_args, ctx) => start(configured(ctx), ctx) }),
    restart: action({ readOnly: runsTheServer, preview: async (_args, ctx) => startPreview(ctx), run: async (_args, ctx) => restart(configured(ctx), ctx) }),
    stop: action({ readOnly: () => "stops the API's server", run: async (_args, ctx) => stop(configured(ctx)) }),
  }),
);

export const serverTool = defineTool({
  name: 'server',
  description: "The API's server (config `server:`): start, stop, restart, status, its log.",
  schema: actions.schema,
  kind: 'exec',
  callLimit: 10,
  approvalWhen: 'to start or restart it in a folder that is not trusted',
  preview: actions.preview,
  readOnly: actions.readOnly,
  run: actions.run,
});

function configured(ctx: ToolContext): ManagedServer {
  if (ctx.apiServer) return ctx.apiServer;
  throw new ToolError(
    'No server is configured: add `server: {command: "<how the API starts>"}` to .falcon/config.yaml (falcon init finds it from package.json scripts and the like), or start it with bash in the background.',
  );
}

/** Its command runs once approved, unless the folder is trusted: a project's config may name any command. */
function startPreview(ctx: ToolContext): Preview | undefined {
  const server = ctx.apiServer;
  if (!server || server.commandTrusted) return undefined;
  const { command, cwd } = server.settings;
  return { kind: 'command', command, ...(cwd !== '.' && { cwd }), background: true, title: `start the API's server: \`${command}\`` };
}

async function status(server: ManagedServer, ctx: ToolContext): Promise<string> {
  const { describeServerStatus } = await import('../../../engines/api-server/describe-server-status.js');
  await server.baseUrl();
  return describeServerStatus(server.status(), { file: server.log.file, count: server.log.count }, ctx.projectRoot, Date.now());
}

async function logs(server: ManagedServer, count: number, grep: string | undefined, ctx: ToolContext): Promise<string> {
  if (server.state === 'external' || !server.hasLog) {
    return server.state === 'external'
      ? "Falcon did not start the API's server (something else answers at BASE_URL), so its log lines are unavailable. Stop it and start it here (server start) to read them."
      : "The API's server has not run in this session: no log lines yet. server start starts it.";
  }
  const matches = grep === undefined ? undefined : matcherOf(grep);
  const lines = server.log.tail(count, { ...(matches && { filter: matches }), withFalcon: !grep });
  const { relative } = await import('node:path');
  const where = server.log.file ? ` of ${relative(ctx.projectRoot, server.log.file)}` : '';
  if (lines.length === 0) return grep ? `No line${where} matches ${JSON.stringify(grep)}.` : `The server has printed nothing yet${where}.`;
  const heading = `The last ${lines.length} line${lines.length === 1 ? '' : 's'}${grep ? ` matching ${JSON.stringify(grep)}` : ''}${where}:`;
  return [heading, ...lines.map((line) => line.text)].join('\n');
}

async function start(server: ManagedServer, ctx: ToolContext): Promise<string> {
  if (server.managed && server.state !== 'starting') return `The API's server is already running (${server.settings.command}).`;
  ctx.progress(`starting ${server.settings.command}`);
  return describeStart(await server.start(ctx.signal), server, 'Started');
}

async function restart(server: ManagedServer, ctx: ToolContext): Promise<string> {
  ctx.progress(`restarting ${server.settings.command}`);
  return describeStart(await server.restart(ctx.signal), server, 'Restarted');
}

async function stop(server: ManagedServer): Promise<string> {
  if (!server.managed) {
    return server.state === 'external' ? "Falcon did not start the API's server: it leaves it running." : "The API's server is not running.";
  }
  const stopped = await server.stop();
  return `Stopped ${server.settings.command} and every process it started (${stopped.length}).`;
}

async function describeStart(outcome: Awaited<ReturnType<ManagedServer['start']>>, server: ManagedServer, done: string): Promise<string> {
  const { describeFailedStart } = await import('../../../engines/api-server/managed-server.js');
  if (!outcome.ok) throw new ToolError(describeFailedStart(outcome));
  const status = server.status();
  const last = server.log.tail(5).map((line) => `  ${line.text}`);
  return [
    `${done} ${server.settings.command}${status.pid !== undefined ? ` (pid ${status.pid})` : ''}; ready after ${(outcome.readyAfterMs / 1000).toFixed(1)} s${status.baseUrl ? ` at ${status.baseUrl}` : ''}.`,
    ...(last.length > 0 ? ['Its last lines:', ...last] : []),
  ].join('\n');
}

/** A regular expression, letter case aside; text to find as it is when it is none. */
function matcherOf(grep: string): (text: string) => boolean {
  try {
    const pattern = new RegExp(grep, 'i');
    return (text) => pattern.test(text);
  } catch {
    const needle = grep.toLowerCase();
    return (text) => text.toLowerCase().includes(needle);
  }
}
