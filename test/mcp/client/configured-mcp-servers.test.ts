import { describe, expect, it } from 'vitest';
import type { FalconConfig, McpServerSettings } from '../../../src/config/types.js';
import { configuredMcpServers } from '../../../src/mcp/client/configured-mcp-servers.js';

const server = (command: string): McpServerSettings => ({ transport: 'stdio', command, args: [], env: {}, timeoutS: 10 });
const global = (extra: Partial<FalconConfig> = {}): FalconConfig => ({
  fallback: [],
  providers: {},
  retry: { delaysMs: [] },
  mcpServers: { db: server('global-db'), tracker: server('tracker') },
  ...extra,
});
const project = { toolLimits: {}, mcpServers: { db: server('project-db'), browser: server('browser') } };

describe('configuredMcpServers', () => {
  it("starts the global servers everywhere, and leaves a project's out in a folder that is not trusted", () => {
    const chosen = configuredMcpServers({ global: global(), globalPath: '/home/ada/.falcon/config.yaml', project, projectRoot: '/work/shop' });
    expect(chosen.servers.map((entry) => [entry.name, entry.source, entry.settings.transport === 'stdio' && entry.settings.command])).toEqual([
      ['db', 'global', 'global-db'],
      ['tracker', 'global', 'tracker'],
    ]);
    expect(chosen.warnings).toEqual([
      'MCP servers of .falcon/config.yaml not started (db, browser): this folder is not trusted (trusted_folders in /home/ada/.falcon/config.yaml).',
    ]);
  });

  it("adds a trusted project's servers, one of the same name taking the global one's place", () => {
    const chosen = configuredMcpServers({ global: global({ trustedFolders: ['/work/shop'] }), globalPath: '/g', project, projectRoot: '/work/shop' });
    expect(chosen.servers.map((entry) => [entry.name, entry.source])).toEqual([
      ['db', 'project'],
      ['tracker', 'global'],
      ['browser', 'project'],
    ]);
    expect(chosen.warnings).toEqual([]);
  });
});
