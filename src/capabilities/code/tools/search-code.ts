import { z } from 'zod';
import { FilePatternError } from '../../../safety/file-pattern.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { ReadDeniedFiles } from './read-denied-files.js';
import { skippedLinksNote } from './skipped-links.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { FoundDetails } from '../../../workspace/tool-result-details.js';

export const MAX_SHOWN_MATCHES = 100;
const MOST_SHOWN_MATCHES = 500;
const MOST_CONTEXT_LINES = 10;

const schema = z.strictObject({
  pattern: z.string().min(1).describe('regex, matched line by line (plain text with literal)'),
  path: z.string().optional().describe('file or folder to search (default the project root)'),
  file_pattern: z.string().optional().describe('glob for the files, e.g. "*.ts" or "src/**/*.py"'),
  literal: z.boolean().optional().describe('the pattern is plain text, not a regex'),
  ignore_case: z.boolean().optional().describe('ignore upper/lower case'),
  context_lines: z.number().int().min(0).max(MOST_CONTEXT_LINES).optional().describe('lines to show around each match (default 0)'),
  limit: z.number().int().min(1).max(MOST_SHOWN_MATCHES).optional().describe(`most matches to show (default ${MAX_SHOWN_MATCHES})`),
});

export const searchCodeTool = defineTool({
  name: 'search_code',
  description: 'Search the project\'s text files for a regex or text; answers "path:line: text" lines.',
  schema,
  kind: 'read',
  target: pathTarget('path', '.'),
  readOnly: true,
  async run(args, ctx): Promise<ToolResult<FoundDetails>> {
    const target = await resolveInsideProject(ctx.projectRoot, args.path ?? '.');
    const { FalconLogError, InvalidRegexError, formatCodeLines, searchCode } = await import('../../../engines/code/search-code.js');
    const context = args.context_lines ?? 0;
    const denied = new ReadDeniedFiles(ctx);
    const result = await searchCode(ctx.projectRoot, {
      pattern: args.pattern,
      path: target.relative,
      filePattern: args.file_pattern,
      literal: args.literal,
      ignoreCase: args.ignore_case,
      contextLines: context,
      maxMatches: args.limit ?? MAX_SHOWN_MATCHES,
      exclude: ctx.readDenied && ((file) => denied.excludes(file)),
      signal: ctx.signal,
    }).catch((error: unknown) => {
      if (error instanceof InvalidRegexError || error instanceof FilePatternError || error instanceof FalconLogError) {
        throw new ToolError(error.message);
      }
      throw error;
    });
    const scope = `${target.relative === '.' ? '' : ` in ${target.relative}`}${skippedLinksNote(result.linksOutside)}${denied.note()}`;
    const more = result.totalMatches - result.matches.length;
    // The files are known when every match is.
    const files = more === 0 ? { files: new Set(result.matches.map((match) => match.path)).size } : {};
    const details: FoundDetails = { kind: 'found', count: result.totalMatches, noun: 'match', ...files };
    if (result.totalMatches === 0) return { text: `No matches for "${args.pattern}"${scope}`, details };
    const lines = formatCodeLines(result.lines, context);
    if (more > 0) lines.push(`… ${more} more matches; narrow with path or file_pattern, or raise limit`);
    const count = `${result.totalMatches} match${result.totalMatches === 1 ? '' : 'es'}`;
    return { text: `${count} for "${args.pattern}"${scope}:\n${lines.join('\n')}`, details };
  },
});
