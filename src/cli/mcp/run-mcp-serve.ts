import { realpath, stat } from 'node:fs/promises';
import { serveMcp } from '../../mcp/server/serve-mcp.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { UsageError } from '../../kit/command/user-error.js';

export interface McpServeFlags {
  yes?: boolean;
  allowDestructive?: boolean;
  /** `--project <folder>`: for clients that start servers elsewhere than the project (VS Code). */
  project?: string;
}

/** `falcon mcp serve`: serves until the client closes stdin. */
export async function runMcpServe(flags: McpServeFlags): Promise<number> {
  await serveMcp({
    projectRoot: await projectFolder(flags.project ?? process.cwd()),
    env: process.env,
    yes: flags.yes === true,
    allowDestructive: flags.allowDestructive === true,
    warn: (message) => process.stderr.write(`falcon mcp serve: warning: ${terminalSafeText(message)}\n`),
  });
  return 0;
}

async function projectFolder(folder: string): Promise<string> {
  const isFolder = await stat(folder).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new UsageError(`--project: no such folder: ${folder}`);
  return realpath(folder);
}
