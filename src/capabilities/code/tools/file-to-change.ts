import { readFile, stat } from 'node:fs/promises';
import { looksBinary } from '../../../engines/code/binary-content.js';
import { type LineEnding, detectLineEnding, toLf } from '../../../engines/code/line-endings.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import type { ProjectPath } from '../../../safety/project-path.js';
import { resolveToolWritePath } from '../../../workspace/falcon-records.js';
import { assertReadBeforeChange } from '../../../kit/tool-support/read-before-change.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';

/** A text file about to be changed by write_file or edit_file, as it is on disk now. */
export interface FileToChange {
  target: ProjectPath;
  /** Current content with `\n` line endings; undefined when the file does not exist yet. */
  text?: string;
  /** How the file ends its lines, to write the new content back the same way. */
  ending: LineEnding;
}

/**
 * Resolves the path (again at run time: the file may have changed since the preview), refuses
 * Falcon's session logs and reports, folders, binary files and files not read in this session or changed since, and reads the text.
 */
export async function loadFileToChange(ctx: ToolContext, userPath: string, tool: string): Promise<FileToChange> {
  const target = await resolveToolWritePath(ctx.projectRoot, userPath);
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
  return { target, text: ending === 'crlf' ? toLf(original) : original, ending };
}

/**
 * Writes the file in one step (see replaceFile), keeping its permissions, and turns the file
 * system's refusals into messages the model can act on.
 */
export async function writeFileToChange(file: FileToChange, content: string): Promise<void> {
  try {
    await replaceFile(file.target.absolute, content);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new ToolError(`no permission to write ${file.target.relative}`);
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new ToolError(`cannot create ${file.target.relative}: a part of its folder path is a file`);
    }
    throw error;
  }
}
