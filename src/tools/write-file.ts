import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch, structuredPatch } from 'diff';
import { z } from 'zod';
import type { Preview } from '../agent/events.js';
import { looksBinary } from '../engines/code/binary-content.js';
import { type ProjectPath, resolveInsideProject } from '../workspace/project-path.js';
import { type ToolContext, ToolError, defineTool } from './tool.js';

const schema = z.strictObject({
  path: z.string().min(1).describe('file to create or replace, relative to the project root'),
  content: z.string().describe('the complete new content of the file'),
});

type WriteArgs = z.infer<typeof schema>;

export const writeFileTool = defineTool({
  name: 'write_file',
  description: 'Create a file or replace its whole content.',
  schema,
  kind: 'write',
  async preview(args, ctx): Promise<Preview> {
    const { target, previous } = await loadTarget(args, ctx);
    const isNew = previous === undefined;
    const patch = createTwoFilesPatch(
      isNew ? '/dev/null' : `a/${target.relative}`,
      `b/${target.relative}`,
      previous ?? '',
      args.content,
    );
    return { kind: 'diff', path: target.relative, diff: patch.replace(/^=+\n/, ''), isNew };
  },
  async run(args, ctx) {
    const { target, previous, mode } = await loadTarget(args, ctx);
    ctx.signal.throwIfAborted();
    await writeAtomically(target, args.content, mode);
    const count = countLines(args.content);
    const lines = `${count} line${count === 1 ? '' : 's'}`;
    if (previous === undefined) return `Created ${target.relative} (${lines})`;
    const { added, removed } = countChanges(target.relative, previous, args.content);
    return `Wrote ${target.relative} (${lines}, +${added} −${removed})`;
  },
});

/** Resolves the path (again in `run`: the file may have changed since the preview) and reads what is there. */
async function loadTarget(
  args: WriteArgs,
  ctx: ToolContext,
): Promise<{ target: ProjectPath; previous?: string; mode?: number }> {
  const target = await resolveInsideProject(ctx.projectRoot, args.path, { forWrite: true });
  if (target.relative === '.') throw new ToolError('write_file needs a file path, not the project root');
  const info = await stat(target.absolute).catch(() => undefined);
  if (!info) return { target };
  if (info.isDirectory()) throw new ToolError(`${target.relative} is a folder; give a file path`);
  const bytes = await readFile(target.absolute);
  if (looksBinary(bytes)) throw new ToolError(`${target.relative} is a binary file; write_file replaces text files only`);
  return { target, previous: bytes.toString('utf8'), mode: info.mode & 0o777 };
}

/** Writes a temp file next to the target and renames it over, so readers never see half a file. */
async function writeAtomically(target: ProjectPath, content: string, mode: number | undefined): Promise<void> {
  const folder = path.dirname(target.absolute);
  const temp = path.join(folder, `.${path.basename(target.absolute)}.${randomBytes(6).toString('hex')}.falcon-tmp`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(temp, content, { flag: 'wx', mode: mode ?? 0o666 });
    await rename(temp, target.absolute);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new ToolError(`no permission to write ${target.relative}`);
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new ToolError(`cannot create ${target.relative}: a part of its folder path is a file`);
    }
    throw error;
  }
}

function countLines(content: string): number {
  if (content === '') return 0;
  return content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
}

function countChanges(name: string, before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of structuredPatch(name, name, before, after).hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}
