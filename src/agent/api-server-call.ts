import type { ManagedServer } from '../engines/api-server/managed-server.js';
import type { Preview } from '../kit/tool/preview.js';
import type { ToolContext } from '../kit/tool/tool.js';

/**
 * Runs a tool call with the API's server looking after it: its requests to BASE_URL carry an id, wait
 * for a reload under way, and bring back the server's log lines when they fail; an approved change of
 * a file the server loads is followed by its reload (or restart) before the next request.
 */
export async function runWithApiServer<T>(context: ToolContext, approved: Preview | undefined, run: () => Promise<T>): Promise<T> {
  const server = context.apiServer;
  if (!server) return run();
  const [{ serverRequestWatch }, { withRequestWatch }] = await Promise.all([
    import('../engines/api-server/server-request-watch.js'),
    import('../engines/http/request-watch.js'),
  ]);
  const change = approved?.kind === 'diff' ? await server.beforeChange(approved.path, { isNew: approved.isNew }) : undefined;
  const watch = serverRequestWatch({ server, projectRoot: context.projectRoot, offerStart: () => offerStart(server, context), progress: context.progress });
  try {
    const result = await withRequestWatch(watch, run);
    change?.commit();
    return result;
  } catch (error) {
    change?.cancel();
    throw error;
  }
}

/**
 * A request to BASE_URL was refused: the user is offered to start the configured server. Its command
 * runs only in a trusted folder or once approved; in a trusted folder where nobody can be asked
 * (headless without a terminal), it starts.
 */
async function offerStart(server: ManagedServer, context: ToolContext): Promise<boolean> {
  const { command, cwd } = server.settings;
  const preview: Preview = {
    kind: 'command',
    command,
    ...(cwd !== '.' && { cwd }),
    background: true,
    title: `The API is not running: start it with \`${command}\``,
    ...(server.commandTrusted && { yesWhenUnattended: true as const }),
  };
  if (!context.approve) return server.commandTrusted;
  const approved = await context.approve('server', preview);
  if (approved) context.progress(`Starting the API with ${command}`);
  return approved;
}
