import { openFolderSettings } from '../../config/open-folder-settings.js';
import { withholdProviderKeys } from '../../config/withhold-provider-keys.js';
import { loadProjectConfig } from '../../config/load-project-config.js';
import { falconHome } from '../../config/falcon-home.js';
import { DEFAULT_OBSERVATION_LIMIT, truncateObservation } from '../../agent/observation.js';
import { maskText } from '../../safety/mask-text.js';
import { SecretRegistry } from '../../safety/secret-registry.js';
import { createSessionState } from '../../kit/tool/session-state.js';
import { validateToolArgs } from '../../kit/tool/validate-args.js';
import type { Preview } from '../../kit/tool/preview.js';
import type { ToolContext } from '../../kit/tool/tool.js';
import { toolResult } from '../../kit/tool/tool-result.js';
import { maskStructured } from '../../safety/mask-structured.js';
import { VERSION } from '../../version.js';
import { VariableScope } from '../../workspace/variable-scope.js';
import { askClientToApprove } from './ask-client-to-approve.js';
import { ClientApprovals } from './client-approvals.js';
import { servedTools } from './served-tools.js';
import { toolListing } from './tool-listing.js';

export interface ServeMcpOptions {
  /** Absolute, real path: the project every call works in. */
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  /** `--yes`: the client's own confirmation of each tool call stands for Falcon's. */
  yes: boolean;
  /** `--allow-destructive`: scan_security may run destructive scans when a call asks. */
  allowDestructive: boolean;
  /** Problems of the project's config, none of them fatal: for stderr, as stdout carries only protocol. */
  warn(message: string): void;
}

type CallResult = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/**
 * `falcon mcp serve`: Falcon's model-free engines as MCP tools over stdin and stdout, for the project
 * it was started in, until the client closes the connection. Every call goes the way a session's
 * does: its arguments checked against the tool's schema, approved when the tool would ask (see
 * askClientToApprove), run in the project, its text masked by the secrets' values and cut to size;
 * its details (a response's status, a run's counts), masked by value and shape, as structured content.
 * Nothing but protocol is written to stdout.
 */
export async function serveMcp(options: ServeMcpOptions): Promise<void> {
  const { projectRoot } = options;
  const folder = await openFolderSettings(projectRoot, options.env);
  const { env } = folder;
  const project = await loadProjectConfig(projectRoot);
  [...folder.warnings, ...project.warnings].forEach(options.warn);
  const secrets = new SecretRegistry();
  withholdProviderKeys(folder.global.config, secrets);
  const variables = await VariableScope.open(projectRoot, env, project.config.environment, secrets);
  const session = createSessionState();
  const approvals = new ClientApprovals();
  const tools = new Map((await servedTools({ allowDestructive: options.allowDestructive })).map((tool) => [tool.name, tool]));

  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const server = new Server(
    { name: 'falcon', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: `Falcon's API testing engines for the project in ${projectRoot}: requests, spec tests, flows, load tests, security scans, route handlers in its code.`,
    },
  );
  const mask = (text: string) => maskText(text, { secrets, shapes: false });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools.values()].map(toolListing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallResult> => {
    const tool = tools.get(request.params.name);
    if (!tool) return failure(`unknown tool "${request.params.name}"; Falcon serves ${[...tools.keys()].join(', ')}.`);
    const validated = validateToolArgs(tool, request.params.arguments);
    if (!validated.ok) return failure(`invalid arguments for ${tool.name}: ${validated.problems}`);
    const progressToken = request.params._meta?.progressToken;
    let progressCount = 0;
    const asking = { tool: tool.name, yes: options.yes, signal: extra.signal, mask, approvals };
    const context: ToolContext = {
      projectRoot,
      falconHome: falconHome(env),
      signal: extra.signal,
      progress: (message) => {
        if (progressToken === undefined) return;
        void extra
          .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++progressCount, message: mask(message) } })
          .catch(() => undefined);
      },
      variables,
      trustedProject: folder.trusted,
      commandEnv: folder.dotEnv,
      session,
      secrets,
      // A further step of a running tool — a redirect to another origin, a flow step sent elsewhere than
      // its confirmation said — is asked about like the call.
      allowStep: async (_tool, _args, preview) => (preview ? askClientToApprove(server, preview, asking) : undefined),
      ...((options.yes || server.getClientCapabilities()?.elicitation) && {
        approve: async (name: string, preview: Preview) => (await askClientToApprove(server, preview, { ...asking, tool: name })) === undefined,
      }),
    };
    try {
      const preview = tool.preview ? await tool.preview(validated.value, context) : undefined;
      if (preview) {
        const refusal = await askClientToApprove(server, preview, asking);
        if (refusal) return failure(refusal);
      }
      const { text, details } = toolResult(await tool.run(validated.value, context));
      return {
        content: [{ type: 'text', text: truncateObservation(mask(text), DEFAULT_OBSERVATION_LIMIT) }],
        ...(details && { structuredContent: maskStructured(details, { secrets }) }),
      };
    } catch (error) {
      if (extra.signal.aborted) return failure('cancelled by the client');
      return failure(error instanceof Error ? error.message || error.name : String(error));
    }
  });

  function failure(text: string): CallResult {
    return { content: [{ type: 'text', text: mask(text) }], isError: true };
  }

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  // The client ends the server by closing its stdin.
  process.stdin.once('end', () => void server.close());
  await closed;
  await session.webhooks.dispose();
}
