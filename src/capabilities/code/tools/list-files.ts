import { z } from 'zod';
import { listFilesNewestFirst } from './file-listing.js';
import { defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';

const schema = z.strictObject({
  path: z.string().optional().describe('folder, relative to the project root (default the root)'),
  pattern: z.string().optional().describe('glob in that folder, e.g. "**/*.ts"; without "/" it matches file names at any depth'),
  depth: z.number().int().min(1).optional().describe("folder levels to enter; 1: the folder's own files (default all)"),
});

export const listFilesTool = defineTool({
  name: 'list_files',
  description:
    "List the project's files, newest first; skips installed dependencies, build output and caches (node_modules, .git, dist, …) and .gitignore'd paths.",
  schema,
  kind: 'read',
  target: pathTarget('path', '.'),
  readOnly: true,
  run: (args, ctx) => listFilesNewestFirst(ctx, args),
});
