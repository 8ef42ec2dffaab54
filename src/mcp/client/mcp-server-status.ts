/** Where a server was configured: `~/.falcon/config.yaml` or the project's `.falcon/config.yaml`. */
export type McpServerSource = 'global' | 'project';

export interface McpToolSummary {
  /** As the model calls it: `mcp__<server>__<tool>`. */
  name: string;
  description: string;
}

/** What `/mcp` and `falcon mcp list` show of a server. */
export interface McpServerStatus {
  name: string;
  source: McpServerSource;
  /** Its command line, or its URL. */
  target: string;
  /** `stopped`: it went away during the session; `closed`: the session closed it. */
  state: 'starting' | 'running' | 'failed' | 'stopped' | 'closed';
  /** Why it failed or stopped, or which of its tools were left out. */
  problem?: string;
  tools: McpToolSummary[];
}
