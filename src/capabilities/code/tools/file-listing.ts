import { stat } from 'node:fs/promises';
import { FilePatternError } from '../../../safety/file-pattern.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { ReadDeniedFiles } from './read-denied-files.js';
import { skippedLinksNote } from './skipped-links.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { FoundDetails } from '../../../workspace/tool-result-details.js';

export const MAX_LISTED_FILES = 200;

export interface FileListingRequest {
  path?: string;
  pattern?: string;
  depth?: number;
}

/** The project's files under a folder, newest first, capped: what list_files and glob answer. */
export async function listFilesNewestFirst(ctx: ToolContext, request: FileListingRequest): Promise<ToolResult<FoundDetails>> {
  const folder = await resolveInsideProject(ctx.projectRoot, request.path ?? '.');
  if (!(await stat(folder.absolute)).isDirectory()) return { text: `${folder.relative} is a file, not a folder` };
  const { FalconLogError, findProjectFiles } = await import('../../../engines/code/project-files.js');
  const linksOutside: string[] = [];
  const found = await findProjectFiles(ctx.projectRoot, {
    folder: folder.relative,
    pattern: request.pattern,
    depth: request.depth,
    onLinkOutside: (link) => linksOutside.push(link),
  }).catch((error: unknown) => {
    if (error instanceof FilePatternError || error instanceof FalconLogError) throw new ToolError(error.message);
    throw error;
  });
  const denied = new ReadDeniedFiles(ctx);
  const files = found.filter((file) => !denied.excludes(file.path));
  const depth = request.depth === undefined ? '' : ` (depth ${request.depth})`;
  const where = `${folder.relative === '.' ? 'the project' : `${folder.relative}/`}${request.pattern ? ` matching ${request.pattern}` : ''}${depth}${skippedLinksNote(linksOutside)}${denied.note()}`;
  const details: FoundDetails = { kind: 'found', count: files.length, noun: 'file' };
  if (files.length === 0) return { text: `No files in ${where}`, details };

  files.sort((a, b) => b.mtimeMs - a.mtimeMs);
  const shown = files.slice(0, MAX_LISTED_FILES).map((file) => file.shown);
  const header = `${files.length} file${files.length === 1 ? '' : 's'} in ${where}, newest first:`;
  const more = files.length > MAX_LISTED_FILES ? [`… and ${files.length - MAX_LISTED_FILES} more; narrow with path or pattern`] : [];
  return { text: [header, ...shown, ...more].join('\n'), details };
}
