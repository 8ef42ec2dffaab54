import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

const DOCUMENTED_EXAMPLE = `mcp_servers:
  db:     {command: npx, args: ["-y", "some-mcp-server"], env: {TOKEN: "{{env:DB_TOKEN}}"}}   # stdio
  remote: {url: "http://localhost:8931/mcp", headers: {Authorization: "Bearer {{env:T}}"}}    # streamable HTTP
`;

async function globalWith(yaml: string): Promise<{ home: string; file: string }> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  await writeText(file, yaml);
  return { home, file };
}

describe('mcp_servers', () => {
  it('reads the documented example from the global config, placeholders kept as written', async () => {
    const { home } = await globalWith(DOCUMENTED_EXAMPLE);
    const { config, warnings } = await loadGlobalConfig({ env: { DB_TOKEN: 'secret-db-token' }, home });
    expect(warnings).toEqual([]);
    expect(config.mcpServers).toEqual({
      db: { transport: 'stdio', command: 'npx', args: ['-y', 'some-mcp-server'], env: { TOKEN: '{{env:DB_TOKEN}}' }, timeoutS: 10 },
      remote: { transport: 'http', url: 'http://localhost:8931/mcp', headers: { Authorization: 'Bearer {{env:T}}' }, timeoutS: 10 },
    });
  });

  it('reads them from the project config, with a start timeout of their own', async () => {
    const root = await tempDir();
    await writeText(join(root, '.falcon', 'config.yaml'), 'mcp_servers:\n  slow-one: {command: ./server.sh, timeout_s: 60}\n');
    const { config } = await loadProjectConfig(root);
    expect(config.mcpServers).toEqual({ 'slow-one': { transport: 'stdio', command: './server.sh', args: [], env: {}, timeoutS: 60 } });
  });

  it('keeps tool_limits for MCP tools, which are known only once their servers start', async () => {
    const root = await tempDir();
    await writeText(join(root, '.falcon', 'config.yaml'), 'tool_limits:\n  mcp__db__query: 3\n  htp_request: 4\n');
    const { config, warnings } = await loadProjectConfig(root, { toolNames: ['http_request'] });
    expect(config.toolLimits).toEqual({ mcp__db__query: 3 });
    expect(warnings).toEqual([expect.stringContaining('tool_limits.htp_request: no tool of that name, ignored (did you mean http_request?)')]);
  });

  it.each([
    [
      'neither command nor url',
      'mcp_servers:\n  db: {args: [x]}\n',
      '2: mcp_servers.db: give either command (a server Falcon starts) or url (a streamable HTTP server)',
    ],
    [
      'both',
      'mcp_servers:\n  db: {command: x, url: "http://localhost:1/mcp"}\n',
      '2: mcp_servers.db: give either command (a server Falcon starts) or url (a streamable HTTP server)',
    ],
    ['headers with a command', 'mcp_servers:\n  db: {command: x, headers: {A: b}}\n', '2: mcp_servers.db.headers: goes with url'],
    ['env with a url', 'mcp_servers:\n  db: {url: "http://localhost:1/mcp", env: {A: b}}\n', '2: mcp_servers.db.env: goes with command'],
    ['a URL that is not http', 'mcp_servers:\n  db: {url: "ftp://x/mcp"}\n', '2: mcp_servers.db.url: expected an http:// or https:// URL'],
    ['a name that cannot be part of a tool name', 'mcp_servers:\n  "my db": {command: x}\n', '2: mcp_servers.my db: a server name of letters, digits, _ and -'],
  ])('refuses %s, naming the line and key', async (_case, yaml, problem) => {
    const { home, file } = await globalWith(yaml);
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: {}, home }));
    expect(error.message).toBe(`${file}:${problem}`);
  });
});
