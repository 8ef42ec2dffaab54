import { readdir, readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { resolveFalconPath } from '../../../workspace/falcon-file-path.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { falconPathTarget } from '../../../kit/tool/tool-target.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';

export const MAX_FALCON_READ_CHARS = 32 * 1024;

const schema = z.strictObject({
  path: z.string().min(1).describe('file or folder inside .falcon/, e.g. "falcon.md", "environments/dev.yaml" or "." for the folder'),
});

export const falconReadTool = defineTool({
  name: 'falcon_read',
  description: 'Read a file or list a folder in .falcon/ (falcon.md, spec, environments, requests, flows, reports).',
  schema,
  kind: 'read',
  target: falconPathTarget('path'),
  readOnly: true,
  async run(args, ctx) {
    try {
      const target = await resolveFalconPath(ctx.projectRoot, args.path);
      const shown = target.relative === '.' ? '.falcon/' : `.falcon/${target.relative}`;
      const info = await stat(target.absolute);
      if (info.isDirectory()) return await listFolder(target.absolute, shown);
      if (!info.isFile()) throw new ToolError(`${shown} is not a regular file`);
      const text = await readFile(target.absolute, 'utf8');
      if (text.includes('\0')) throw new ToolError(`${shown} is a binary file`);
      const masked = maskKeepingPlaceholders(text);
      if (masked.length <= MAX_FALCON_READ_CHARS) return masked || `${shown} is empty`;
      return `${masked.slice(0, MAX_FALCON_READ_CHARS)}\n… (${shown} is ${masked.length} characters; the first ${MAX_FALCON_READ_CHARS} are shown — use read_file with an offset for the rest)`;
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function listFolder(absolute: string, shown: string): Promise<string> {
  const entries = await readdir(absolute, { withFileTypes: true });
  const names = entries
    .filter((entry) => !entry.name.endsWith('.tmp'))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
  if (names.length === 0) return `${shown} is empty`;
  return [`${shown}: ${names.length} entr${names.length === 1 ? 'y' : 'ies'}`, ...names].join('\n');
}
