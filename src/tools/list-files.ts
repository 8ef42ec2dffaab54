import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { FilePatternError, SKIPPED_FOLDERS, findProjectFiles } from '../engines/code/project-files.js';
import { resolveInsideProject } from '../workspace/project-path.js';
import { ToolError, defineTool } from './tool.js';

export const MAX_LISTED_FILES = 200;

const schema = z.strictObject({
  path: z.string().optional().describe('folder to list, relative to the project root (default the root)'),
  pattern: z
    .string()
    .optional()
    .describe('glob relative to that folder, e.g. "**/*.ts" or "routes/*.py"; without "/" it matches file names at any depth'),
});

export const listFilesTool = defineTool({
  name: 'list_files',
  description: `List the project's files, newest first (skips ${SKIPPED_FOLDERS.join(', ')} and .gitignore'd paths).`,
  schema,
  kind: 'read',
  async run(args, ctx) {
    const folder = await resolveInsideProject(ctx.projectRoot, args.path ?? '.');
    if (!(await stat(folder.absolute)).isDirectory()) return `${folder.relative} is a file, not a folder`;
    const files = await findProjectFiles(ctx.projectRoot, { folder: folder.relative, pattern: args.pattern }).catch(
      (error: unknown) => {
        if (error instanceof FilePatternError) throw new ToolError(error.message);
        throw error;
      },
    );
    const where = `${folder.relative === '.' ? 'the project' : `${folder.relative}/`}${args.pattern ? ` matching ${args.pattern}` : ''}`;
    if (files.length === 0) return `No files in ${where}`;

    files.sort((a, b) => b.mtimeMs - a.mtimeMs);
    const shown = files.slice(0, MAX_LISTED_FILES).map((file) => file.path);
    const header = `${files.length} file${files.length === 1 ? '' : 's'} in ${where}, newest first:`;
    const more = files.length > MAX_LISTED_FILES ? [`… and ${files.length - MAX_LISTED_FILES} more; narrow with path or pattern`] : [];
    return [header, ...shown, ...more].join('\n');
  },
});
