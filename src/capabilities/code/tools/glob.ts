import { z } from 'zod';
import { listFilesNewestFirst } from './file-listing.js';
import { defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';

const schema = z.strictObject({
  pattern: z.string().min(1).describe('glob such as "**/*.controller.ts", "src/**/{routes,handlers}/*.py"; without "/" it matches file names at any depth'),
  path: z.string().optional().describe('folder the pattern is relative to, from the project root (default the root)'),
});

export const globTool = defineTool({
  name: 'glob',
  description: "Find the project's files whose paths match a glob, newest first.",
  schema,
  kind: 'read',
  target: pathTarget('path', '.'),
  readOnly: true,
  run: (args, ctx) => listFilesNewestFirst(ctx, args),
});
