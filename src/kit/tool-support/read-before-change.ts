import { stat } from 'node:fs/promises';
import { type FileReadLog, type FileVersion, sha256 } from '../../engines/code/file-read-log.js';
import type { ProjectPath } from '../../safety/project-path.js';
import { ToolError } from '../tool/tool.js';

/**
 * The model may change an existing file only as it last saw it: read in this session, and not
 * changed on disk since (by the user's editor, a formatter, a build). Otherwise its edit would be
 * based on text that is no longer there.
 */
export function assertReadBeforeChange(reads: FileReadLog, target: ProjectPath, current: { bytes: Uint8Array; mtimeMs: number }): void {
  const seen = reads.get(target.absolute);
  if (!seen) {
    throw new ToolError(`read ${target.relative} with read_file first: existing files are changed only after they were read in this session`);
  }
  if (seen.sha256 === sha256(current.bytes)) return;
  const was = describeVersion(seen.size, seen.mtimeMs);
  const now = describeVersion(current.bytes.length, current.mtimeMs);
  throw new ToolError(`${target.relative} changed on disk since it was read (then ${was}; now ${now}); read it again with read_file, then retry`);
}

/** Remembers the file as just read or written, so that the next edit is checked against it. */
export async function recordFileVersion(reads: FileReadLog, target: ProjectPath, bytes: Uint8Array | string): Promise<void> {
  const info = await stat(target.absolute);
  const version: FileVersion = { mtimeMs: info.mtimeMs, size: Buffer.byteLength(bytes), sha256: sha256(bytes) };
  reads.record(target.absolute, version);
}

function describeVersion(size: number, mtimeMs: number): string {
  const time = new Date(mtimeMs).toTimeString().slice(0, 8);
  return `${size} byte${size === 1 ? '' : 's'}, modified ${time}`;
}
