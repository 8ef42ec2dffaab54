import { z } from 'zod';
import { FilePatternError } from '../engines/code/project-files.js';
import { InvalidRegexError, formatCodeMatch, searchCode } from '../engines/code/search-code.js';
import { resolveInsideProject } from '../workspace/project-path.js';
import { ToolError, defineTool } from './tool.js';

export const MAX_SHOWN_MATCHES = 100;

const schema = z.strictObject({
  pattern: z.string().min(1).describe('regular expression to look for, matched line by line'),
  path: z.string().optional().describe('file or folder to search, relative to the project root (default the root)'),
  file_pattern: z.string().optional().describe('glob for the files to search, e.g. "*.ts" or "src/**/*.py"'),
});

export const searchCodeTool = defineTool({
  name: 'search_code',
  description: 'Search the project\'s text files for a regular expression; answers "path:line: text" lines.',
  schema,
  kind: 'read',
  async run(args, ctx) {
    const target = await resolveInsideProject(ctx.projectRoot, args.path ?? '.');
    const result = await searchCode(ctx.projectRoot, {
      pattern: args.pattern,
      path: target.relative,
      filePattern: args.file_pattern,
      maxMatches: MAX_SHOWN_MATCHES,
      signal: ctx.signal,
    }).catch((error: unknown) => {
      if (error instanceof InvalidRegexError || error instanceof FilePatternError) throw new ToolError(error.message);
      throw error;
    });
    const scope = target.relative === '.' ? '' : ` in ${target.relative}`;
    if (result.totalMatches === 0) return `No matches for "${args.pattern}"${scope}`;
    const lines = result.matches.map(formatCodeMatch);
    const more = result.totalMatches - result.matches.length;
    if (more > 0) lines.push(`… ${more} more matches; narrow with path or file_pattern`);
    const count = `${result.totalMatches} match${result.totalMatches === 1 ? '' : 'es'}`;
    return `${count} for "${args.pattern}"${scope}:\n${lines.join('\n')}`;
  },
});
