import type { ManagedServer } from '../../../engines/api-server/managed-server.js';
import type { SlashCommand, SlashContext } from '../../../kit/slash/slash-command.js';

const ACTIONS = ['status', 'start', 'stop', 'restart', 'logs'] as const;
const DEFAULT_LOG_LINES = 40;

/** `/server start|stop|restart|status|logs [lines]`: the API's server as `server:` of the project's config runs it. */
export const serverCommand: SlashCommand = {
  name: 'server',
  description: "the API's server: start, stop, restart, status, its last log lines",
  usage: '/server [start|stop|restart|status|logs [lines]]',
  async run(context) {
    const [action = 'status', count] = context.args.split(/\s+/).filter(Boolean);
    const server = context.agent.apiServer;
    if (!server) {
      context.show({
        type: 'notice',
        tone: 'info',
        text: 'No server is configured: add `server: {command: "<how the API starts>"}` to .falcon/config.yaml (falcon init finds it).',
      });
      return;
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      context.show({ type: 'notice', tone: 'error', text: `/server ${action}: expected one of ${ACTIONS.join(', ')}.` });
      return;
    }
    switch (action as (typeof ACTIONS)[number]) {
      case 'status':
        return showStatus(server, context);
      case 'logs':
        return showLogs(server, Number(count) > 0 ? Number(count) : DEFAULT_LOG_LINES, context);
      case 'stop':
        return stop(server, context);
      case 'start':
      case 'restart':
        return start(server, action === 'restart', context);
    }
  },
};

async function showStatus(server: ManagedServer, context: SlashContext): Promise<void> {
  const { describeServerStatus } = await import('../../../engines/api-server/describe-server-status.js');
  await server.baseUrl();
  context.show({
    type: 'output',
    title: "The API's server",
    text: describeServerStatus(server.status(), { file: server.log.file, count: server.log.count }, context.projectRoot, Date.now()),
    format: 'text',
  });
}

function showLogs(server: ManagedServer, count: number, context: SlashContext): void {
  if (server.state === 'external') {
    context.show({
      type: 'notice',
      tone: 'info',
      text: "Falcon did not start the API's server (something else answers at BASE_URL): its log lines are unavailable.",
    });
    return;
  }
  const lines = server.log.tail(count, { withFalcon: true });
  if (lines.length === 0) {
    context.show({ type: 'notice', tone: 'info', text: 'The server has printed nothing yet. /server start starts it.' });
    return;
  }
  context.show({ type: 'output', title: `Server log, the last ${lines.length} lines`, text: lines.map((line) => line.text).join('\n'), format: 'text' });
}

async function stop(server: ManagedServer, context: SlashContext): Promise<void> {
  if (!server.managed) {
    const text = server.state === 'external' ? "Falcon did not start the API's server: it leaves it running." : "The API's server is not running.";
    context.show({ type: 'notice', tone: 'info', text });
    return;
  }
  const stopped = await server.stop();
  context.show({ type: 'notice', tone: 'info', text: `Stopped ${server.settings.command} and every process it started (${stopped.length}).` });
}

/** A project's command runs without asking only in a trusted folder; elsewhere the user approves that very command. */
async function start(server: ManagedServer, restart: boolean, context: SlashContext): Promise<void> {
  const { command } = server.settings;
  if (!restart && server.managed) {
    context.show({ type: 'notice', tone: 'info', text: `The API's server is already running (${command}).` });
    return;
  }
  if (!server.commandTrusted) {
    const approved = await context.pick({
      title: `Run \`${command}\` to ${restart ? 'restart' : 'start'} the API? This folder is not trusted: the command comes from .falcon/config.yaml.`,
      items: [
        { label: 'No', value: false },
        { label: `Yes, run ${command}`, value: true },
      ],
    });
    if (!approved) {
      context.show({ type: 'notice', tone: 'info', text: 'Not started.' });
      return;
    }
  }
  context.show({ type: 'notice', tone: 'info', text: `${restart ? 'Restarting' : 'Starting'} ${command} …` });
  const outcome = restart ? await server.restart(context.signal) : await server.start(context.signal);
  if (outcome.ok) {
    context.show({ type: 'notice', tone: 'info', text: `The API is ready (${(outcome.readyAfterMs / 1000).toFixed(1)} s): ${command}.` });
    return;
  }
  const { describeFailedStart } = await import('../../../engines/api-server/managed-server.js');
  context.show({ type: 'notice', tone: 'error', text: describeFailedStart(outcome) });
}
