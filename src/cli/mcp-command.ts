import { Command } from 'commander';
import { exitWith } from '../kit/command/exit-with.js';
import type { McpServeFlags } from './mcp/run-mcp-serve.js';

/** `falcon mcp list|serve`; `falcon mcp` alone prints its help. Each action loads its implementation. */
export function mcpCommand(): Command {
  const mcp = new Command('mcp')
    .description("MCP both ways: the MCP servers whose tools Falcon's sessions use, and Falcon's engines served to other agents")
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
MCP servers for sessions go under mcp_servers in ~/.falcon/config.yaml or .falcon/config.yaml
(a project's start only in a trusted folder):
  mcp_servers:
    db:     {command: npx, args: ["-y", "some-mcp-server"], env: {TOKEN: "{{env:DB_TOKEN}}"}}
    remote: {url: "http://localhost:8931/mcp", headers: {Authorization: "Bearer {{env:T}}"}}
To use Falcon from Claude Code: claude mcp add falcon -- falcon mcp serve`,
    )
    .action(() => {
      mcp.outputHelp();
    });

  mcp
    .command('list')
    .description('start the configured MCP servers, list their state and tools, and stop them (no session, no model)')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 every server started (or none is configured), 1 one did not, 2 bad usage or config.')
    .action(async () => {
      const { runMcpList } = await import('./mcp/run-mcp-list.js');
      await exitWith(await runMcpList());
    });

  mcp
    .command('serve')
    .description("serve Falcon's engines that need no model as MCP tools over stdio, for the project in the current folder")
    .option('--project <folder>', 'serve the project in this folder instead (for clients that start servers elsewhere)')
    .option(
      '-y, --yes',
      "run calls a Falcon session would ask about (other origins, load tests, scans) on the client's own confirmation, without asking through the client",
    )
    .option('--allow-destructive', "let scan_security calls with allow_destructive DELETE and change data other than the scanning users' own")
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Tools: http_request, run_spec_tests, run_flow, run_performance, scan_security, find_handler,
run_saved_request, list_environments. Nothing but protocol is written to stdout.
A call a Falcon session would ask about is asked through the client (MCP elicitation); a client
that cannot ask gets a refusal naming what needed approval, unless the server runs with --yes.`,
    )
    .action(async (flags: McpServeFlags) => {
      const { runMcpServe } = await import('./mcp/run-mcp-serve.js');
      await exitWith(await runMcpServe(flags));
    });

  return mcp;
}
