import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Preview } from '../../kit/tool/preview.js';
import { type ClientApprovals, offerLabel } from './client-approvals.js';

export interface ApprovalOptions {
  tool: string;
  /** `--yes`: the client's own confirmation of the tool call stands for Falcon's. */
  yes: boolean;
  signal: AbortSignal;
  mask(text: string): string;
  /** The answers given so far on this connection. */
  approvals: ClientApprovals;
}

/** A person may take their time; the SDK's default of 60 s would decline for them. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

/**
 * A call a Falcon session would ask about (a request to another origin, a load test, a scan) never
 * runs unseen: the MCP client's user is asked through elicitation, shown what a session's
 * confirmation shows. A client that cannot be asked gets a refusal saying what needed approval,
 * unless the server was started with `--yes`. A preview that names what "always" would approve (an
 * origin) offers it as a checkbox; an earlier "always", or a yes that covers it, approves without
 * asking. Resolves undefined when the call may run, else with why it may not.
 */
export async function askClientToApprove(server: Server, preview: Preview, options: ApprovalOptions): Promise<string | undefined> {
  if (options.yes || options.approvals.covers(options.tool, preview)) return undefined;
  const what = options.mask(describePreview(preview));
  if (!server.getClientCapabilities()?.elicitation) {
    return `${options.tool} needs the user's approval first (${what.split('\n')[0]}), and this MCP client cannot ask (it does not support elicitation). Nothing was sent. To let the client's own confirmation of each call approve it, start the server with: falcon mcp serve --yes`;
  }
  const always = preview.always && {
    always: {
      type: 'boolean' as const,
      title: `Always allow ${options.mask(offerLabel(options.tool, preview.always))} while this server runs`,
      default: false,
    },
  };
  const answer = await server.elicitInput(
    { mode: 'form', message: `Falcon asks before ${options.tool} runs:\n${what}`, requestedSchema: { type: 'object', properties: { ...always } } },
    { signal: options.signal, timeout: ANSWER_TIMEOUT_MS },
  );
  if (answer.action === 'accept') {
    options.approvals.approved(options.tool, preview, answer.content?.always === true);
    return undefined;
  }
  return `The user ${answer.action === 'decline' ? 'declined' : 'did not answer'} ${what.split('\n')[0]}. Nothing was sent.`;
}

function describePreview(preview: Preview): string {
  switch (preview.kind) {
    case 'info':
      return `${preview.title}\n${preview.details}`;
    case 'command':
      return `run \`${preview.command}\`${preview.cwd ? ` in ${preview.cwd}` : ''}`;
    case 'diff':
      return `${preview.isNew ? 'create' : 'change'} ${preview.path}\n${preview.diff}`;
  }
}
