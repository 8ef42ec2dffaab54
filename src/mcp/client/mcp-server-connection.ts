import { setMaxListeners } from 'node:events';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerSettings } from '../../config/types.js';
import { maskText } from '../../safety/mask-text.js';
import type { SecretRegistry } from '../../safety/secret-registry.js';
import { type AnyTool, ToolError, type ToolContext } from '../../kit/tool/tool.js';
import { VERSION } from '../../version.js';
import { createArgumentsCompiler } from './arguments-schema.js';
import { type CallResult, describeCallResult } from './describe-call-result.js';
import { fillEnvPlaceholders } from './fill-env-placeholders.js';
import { describeMcpError } from './mcp-error.js';
import type { McpServerSource, McpServerStatus, McpToolSummary } from './mcp-server-status.js';
import { mcpTool } from './mcp-tool.js';
import type { ProcessTransport } from './process-transport.js';
import { MAX_LISTING_PAGES, MAX_TOOLS_PER_SERVER, describeLeftOut, toolOverLimits } from './tool-listing-limits.js';

export interface McpStartContext {
  /** Stdio servers run here. */
  projectRoot: string;
  /** Where `{{env:NAME}}` is read from. */
  env: NodeJS.ProcessEnv;
  /** What `{{env:NAME}}` fills in is registered here, so that no observation shows it. */
  secrets: SecretRegistry;
}

/** How long one tool call may take, each progress notification from the server starting it again. */
export const MCP_CALL_TIMEOUT_MS = 120_000;

/** One configured MCP server: started once, its tools made Falcon tools, closed with the session. */
export class McpServerConnection {
  private state: McpServerStatus['state'] = 'starting';
  private problem?: string;
  private client?: Client;
  private transport?: Transport;
  /** The transport again, for a stdio server: it knows how the process ended. */
  private process?: ProcessTransport;
  private tools: McpToolSummary[] = [];
  /** What the server says is shown in warnings and `/mcp`: masked by the session's secrets, as observations are. */
  private mask: (text: string) => string = (text) => text;

  constructor(
    readonly name: string,
    readonly source: McpServerSource,
    private readonly settings: McpServerSettings,
  ) {}

  status(): McpServerStatus {
    return {
      name: this.name,
      source: this.source,
      target: this.settings.transport === 'stdio' ? [this.settings.command, ...this.settings.args].join(' ') : this.settings.url,
      state: this.state,
      ...(this.problem && { problem: this.problem }),
      tools: this.tools,
    };
  }

  /**
   * Starts the server and lists its tools, within its timeout. Resolves with them as Falcon tools;
   * a server that cannot start rejects with why, and is left stopped.
   */
  async start(context: McpStartContext): Promise<AnyTool[]> {
    this.mask = (text) => maskText(text, { secrets: context.secrets, shapes: false });
    const deadline = new AbortController();
    // Each request of the start (connect, each page of the listing) listens to it.
    setMaxListeners(MAX_LISTING_PAGES + 4, deadline.signal);
    const seconds = this.settings.timeoutS;
    const timer = setTimeout(() => deadline.abort(new Error(`it did not start within ${seconds} s`)), seconds * 1000);
    try {
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const client = new Client({ name: 'falcon', version: VERSION });
      // Errors reach the call they belong to; a stray one (a line of log on stdout) is no failure.
      client.onerror = () => undefined;
      client.onclose = () => this.onClosed();
      this.client = client;
      this.transport = await this.createTransport(context);
      const options = { signal: deadline.signal, timeout: seconds * 1000 };
      await client.connect(this.transport, options);
      const listed = await listTools(client, options);
      const compile = createArgumentsCompiler();
      const tools: AnyTool[] = [];
      const skipped: { name: string; reason: string }[] = [];
      for (const tool of listed.tools) {
        const overLimits = toolOverLimits(tool);
        if (overLimits) {
          skipped.push({ name: tool.name, reason: overLimits });
          continue;
        }
        try {
          const schema = await compile(tool.inputSchema);
          tools.push(
            mcpTool({
              server: this.name,
              tool: tool.name,
              description: tool.description,
              schema,
              readOnlyHint: tool.annotations?.readOnlyHint,
              call: (args, ctx) => this.call(tool.name, args, ctx),
            }),
          );
        } catch (error) {
          skipped.push({ name: tool.name, reason: `its input schema cannot be used: ${(error as Error).message}` });
        }
      }
      this.tools = tools.map((tool) => ({ name: tool.name, description: tool.description }));
      this.state = 'running';
      const leftOut = describeLeftOut(skipped, listed.beyondLimit);
      if (leftOut) this.problem = this.mask(leftOut);
      return tools;
    } catch (error) {
      const reason = this.mask(deadline.signal.aborted ? (deadline.signal.reason as Error).message : this.describeFailure(error));
      this.state = 'failed';
      this.problem = reason;
      await this.closeTransport();
      throw new Error(reason, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.state === 'running' || this.state === 'starting') this.state = 'closed';
    await this.closeTransport();
  }

  private async call(tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const client = this.client;
    if (this.state !== 'running' || !client) {
      throw new ToolError(`MCP server "${this.name}" is not running${this.problem ? ` (${this.problem})` : ''}; its tools cannot be used in this session.`);
    }
    let result: CallResult;
    try {
      result = (await client.callTool({ name: tool, arguments: args }, undefined, {
        signal: ctx.signal,
        timeout: MCP_CALL_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        onprogress: ({ progress, total, message }) => ctx.progress(message ?? `${progress}${total ? `/${total}` : ''}`),
      })) as CallResult;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      // The server went away while it worked: the SDK says only that the connection closed.
      if (this.status().state === 'stopped') {
        throw new ToolError(`MCP server "${this.name}" stopped during the call to ${tool} (${this.problem}); its tools cannot be used in this session.`);
      }
      throw new ToolError(`MCP server "${this.name}" could not run ${tool}: ${describeMcpError(error, MCP_CALL_TIMEOUT_MS)}`);
    }
    const text = describeCallResult(result);
    if (result.isError) throw new ToolError(`${tool} on MCP server "${this.name}" failed: ${text}`);
    return text;
  }

  private async createTransport(context: McpStartContext): Promise<Transport> {
    const { settings } = this;
    if (settings.transport === 'http') {
      const headers = fillEnvPlaceholders(settings.headers, 'headers', context.env, context.secrets);
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      return new StreamableHTTPClientTransport(new URL(settings.url), { requestInit: { headers } });
    }
    const env = fillEnvPlaceholders(settings.env, 'env', context.env, context.secrets);
    const [{ getDefaultEnvironment }, { ProcessTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('./process-transport.js'),
    ]);
    // Only the variables a program needs (PATH, HOME …) and its own: a server gets no provider keys.
    this.process = new ProcessTransport({
      command: settings.command,
      args: settings.args,
      cwd: context.projectRoot,
      env: { ...getDefaultEnvironment(), ...env },
    });
    return this.process;
  }

  /** The connection ended: on our close, or because the server went away. */
  private onClosed(): void {
    if (this.state !== 'running') return;
    this.state = 'stopped';
    this.problem = this.mask(this.describeExit() ?? 'the connection closed');
  }

  private describeFailure(error: unknown): string {
    const exit = this.describeExit();
    if (exit) return exit;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && this.settings.transport === 'stdio') return `command not found: ${this.settings.command}`;
    return describeMcpError(error);
  }

  /** `exited with code 1: <its last line on stderr>` for a stdio server that has ended. */
  private describeExit(): string | undefined {
    const exit = this.process?.exit;
    if (!exit) return undefined;
    const how = exit.signal ? `ended by ${exit.signal}` : `exited with code ${exit.code}`;
    return exit.lastError ? `${how}: ${exit.lastError}` : how;
  }

  private async closeTransport(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    await transport?.close().catch(() => undefined);
  }
}

/**
 * The server's tools, page after page, up to MAX_TOOLS_PER_SERVER of them and MAX_LISTING_PAGES
 * pages: `beyondLimit` when it had more to list.
 */
async function listTools(client: Client, options: { signal: AbortSignal; timeout: number }) {
  const tools: Awaited<ReturnType<Client['listTools']>>['tools'] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const listed = await client.listTools(cursor ? { cursor } : undefined, options);
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    const beyondLimit = tools.length > MAX_TOOLS_PER_SERVER || (cursor !== undefined && page >= MAX_LISTING_PAGES);
    if (beyondLimit || !cursor) return { tools: tools.slice(0, MAX_TOOLS_PER_SERVER), beyondLimit };
  }
}
