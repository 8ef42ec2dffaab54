import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { isBinaryFile } from '../../../engines/code/binary-content.js';
import type { FileReadLog } from '../../../engines/code/file-read-log.js';
import { type ProjectPath, resolveInsideProject } from '../../../safety/project-path.js';
import { ReadDeniedFiles } from './read-denied-files.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';
import { factArgument } from '../../../kit/tool/call-facts.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { FileReadDetails, FoundDetails } from '../../../workspace/tool-result-details.js';

export const DEFAULT_LINE_LIMIT = 2000;
export const MAX_READ_BYTES = 256 * 1024;
const MAX_LINE_CHARS = 2000;
const MAX_FOLDER_ENTRIES = 500;

const schema = z.strictObject({
  path: z.string().describe('file or folder, relative to the project root'),
  offset: z.number().int().min(1).optional().describe('first line to show, from 1'),
  limit: z.number().int().min(1).optional().describe(`most lines to show (default ${DEFAULT_LINE_LIMIT})`),
});

export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Read a project file with numbered lines, or list a folder.',
  schema,
  kind: 'read',
  target: pathTarget('path'),
  readOnly: true,
  fileReader: true,
  facts({ args, ok }) {
    const path = factArgument(args, 'path');
    return ok && path ? { filesRead: [path] } : {};
  },
  async run(args, ctx): Promise<ToolResult<FileReadDetails | FoundDetails>> {
    const target = await resolveInsideProject(ctx.projectRoot, args.path);
    const info = await stat(target.absolute);
    if (info.isDirectory()) return listFolder(target.absolute, target.relative, new ReadDeniedFiles(ctx));
    if (!info.isFile()) throw new ToolError(`${target.relative} is not a regular file`);
    if (await isBinaryFile(target.absolute)) {
      throw new ToolError(`${target.relative} is a binary file; read_file shows text files only`);
    }
    const window = { offset: args.offset ?? 1, limit: args.limit ?? DEFAULT_LINE_LIMIT };
    return readNumberedLines(target, window, { mtimeMs: info.mtimeMs, reads: ctx.session.fileReads }, ctx.signal);
  },
});

/** Where the version read is recorded, so that edit_file can tell whether the file changed since. */
interface ReadRecord {
  mtimeMs: number;
  reads: FileReadLog;
}

async function readNumberedLines(
  target: ProjectPath,
  { offset, limit }: { offset: number; limit: number },
  record: ReadRecord,
  signal: AbortSignal,
): Promise<ToolResult<FileReadDetails>> {
  const { absolute, relative } = target;
  const shown: string[] = [];
  let bytes = 0;
  let hitByteLimit = false;
  let total = 0;
  // Streams the whole file: lines past the window are only counted, for the "of N" in the note,
  // and every byte is hashed, so the version recorded is exactly the one read.
  const input = createReadStream(absolute, { signal });
  const hash = createHash('sha256');
  let size = 0;
  input.on('data', (chunk: string | Buffer) => {
    hash.update(chunk);
    size += Buffer.byteLength(chunk);
  });
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    total++;
    if (total < offset || shown.length >= limit || hitByteLimit) continue;
    const text = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)} … [line cut, ${line.length} chars]` : line;
    const lineBytes = Buffer.byteLength(text) + 8;
    if (bytes + lineBytes > MAX_READ_BYTES && shown.length > 0) {
      hitByteLimit = true;
      continue;
    }
    bytes += lineBytes;
    shown.push(text);
  }
  record.reads.record(absolute, { mtimeMs: record.mtimeMs, size, sha256: hash.digest('hex') });
  const details = (firstLine: number, lastLine: number): FileReadDetails => ({ kind: 'file_read', path: relative, firstLine, lastLine, totalLines: total });
  if (total === 0) return { text: `${relative} is empty (0 lines)`, details: details(0, 0) };
  if (offset > total) throw new ToolError(`offset ${offset} is past the end of ${relative} (${total} lines)`);

  const last = offset + shown.length - 1;
  const width = Math.max(5, String(last).length);
  const body = shown.map((text, i) => `${String(offset + i).padStart(width)}  ${text}`).join('\n');
  if (offset === 1 && last === total) return { text: body, details: details(offset, last) };
  const limitNote = hitByteLimit ? ` (${MAX_READ_BYTES / 1024} KB per call)` : '';
  const readOn = last < total ? `; call read_file with offset ${last + 1} to read on` : '';
  return { text: `${body}\n… showing lines ${offset}–${last} of ${total}${limitNote}${readOn}`, details: details(offset, last) };
}

async function listFolder(absolute: string, relative: string, denied: ReadDeniedFiles): Promise<ToolResult<FoundDetails>> {
  const entries = (await readdir(absolute, { withFileTypes: true })).filter((entry) => !denied.excludes(path.posix.join(relative, entry.name)));
  const names = entries
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
  const folders = names.filter((name) => name.endsWith('/')).length;
  const label = relative === '.' ? 'project root' : `${relative}/`;
  const files = names.length - folders;
  const header = `${label}: ${folders} folder${folders === 1 ? '' : 's'}, ${files} file${files === 1 ? '' : 's'}${denied.note()}`;
  const more = names.length > MAX_FOLDER_ENTRIES ? `\n… and ${names.length - MAX_FOLDER_ENTRIES} more; use list_files with a pattern to narrow` : '';
  return { text: [header, ...names.slice(0, MAX_FOLDER_ENTRIES)].join('\n') + more, details: { kind: 'found', count: names.length, noun: 'entry' } };
}
