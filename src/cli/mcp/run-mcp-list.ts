import { realpath } from 'node:fs/promises';
import { openFolderSettings } from '../../config/open-folder-settings.js';
import { loadProjectConfig } from '../../config/load-project-config.js';
import { styleFor } from '../../kit/command/terminal-style.js';
import { formatMcpServers } from '../../mcp/client/format-mcp-servers.js';
import { startMcpServers } from '../../mcp/client/start-mcp-servers.js';
import { maskText } from '../../safety/mask-text.js';
import { SecretRegistry } from '../../safety/secret-registry.js';
import { terminalSafeText } from '../../safety/terminal-text.js';

/** `falcon mcp list`: the servers a session here would start, started, listed and stopped. */
export async function runMcpList(): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const { global, env, warnings } = await openFolderSettings(projectRoot, process.env);
  const project = await loadProjectConfig(projectRoot);
  const secrets = new SecretRegistry();
  const shown = (text: string) => terminalSafeText(maskText(text, { secrets, shapes: false }));
  const warn = (text: string) => process.stderr.write(`${styleFor(process.stderr)('yellow', 'warning:')} ${shown(text)}\n`);
  [...global.warnings, ...warnings, ...project.warnings].forEach(warn);
  const started = await startMcpServers({ global: global.config, globalPath: global.path, project: project.config, projectRoot }, { env, secrets });
  const servers = started.servers.list();
  await started.servers.close();
  started.warnings.forEach(warn);
  if (servers.length === 0) {
    process.stdout.write('No MCP servers to start: add them under mcp_servers in ~/.falcon/config.yaml or .falcon/config.yaml.\n');
    return 0;
  }
  process.stdout.write(`${shown(formatMcpServers(servers))}\n`);
  return servers.some((server) => server.state !== 'running') ? 1 : 0;
}
