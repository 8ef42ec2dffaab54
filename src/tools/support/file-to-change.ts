import { readFile, stat } from 'node:fs/promises';
import { looksBinary } from '../../engines/code/binary-content.js';
import { type LineEnding, detectLineEnding, toLf } from '../../engines/code/line-endings.js';
import { type ProjectPath, resolveInsideProject } from '../../workspace/project-path.js';
import { assertReadBeforeChange } from './read-before-change.js';
import { type ToolContext, ToolError } from '../tool.js';

/** A text file about to be changed by write_file or edit_file, as it is on disk now. */
export interface FileToChange {
  target: ProjectPath;
  /** Current content with `\n` line endings; undefined when the file does not exist yet. */
  text?: string;
  /** How the file ends its lines, to write the new content back the same way. */
  ending: LineEnding;
  /** Permission bits to keep. */
  mode?: number;
}

/**
 * Resolves the path (again at run time: the file may have changed since the preview), refuses
 * folders, binary files and files not read in this session or changed since, and reads the text.
 */
export async function loadFileToChange(ctx: ToolContext, userPath: string, tool: string): Promise<FileToChange> {
  const target = await resolveInsideProject(ctx.projectRoot, userPath, { forWrite: true });
  if (target.relative === '.') throw new ToolError(`${tool} needs a file path, not the project root`);
  const info = await stat(target.absolute).catch(() => undefined);
  if (!info) return { target, ending: 'lf' };
  if (info.isDirectory()) throw new ToolError(`${target.relative} is a folder; give a file path`);
  if (!info.isFile()) throw new ToolError(`${target.relative} is not a regular file`);
  const bytes = await readFile(target.absolute);
  if (looksBinary(bytes)) throw new ToolError(`${target.relative} is a binary file; ${tool} changes text files only`);
  assertReadBeforeChange(ctx.session.fileReads, target, { bytes, mtimeMs: info.mtimeMs });
  const original = bytes.toString('utf8');
  const ending = detectLineEnding(original);
  return { target, text: ending === 'crlf' ? toLf(original) : original, ending, mode: info.mode & 0o777 };
}
