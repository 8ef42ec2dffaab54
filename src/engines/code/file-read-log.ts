import { createHash } from 'node:crypto';

/** A file as it was on disk when the model last read (or wrote) it. */
export interface FileVersion {
  mtimeMs: number;
  size: number;
  /** SHA-256 of the bytes, hex; decides whether the file changed (mtime alone misses same-second writes). */
  sha256: string;
}

/** Which files the model has seen in this session, by real absolute path, and in which version. */
export class FileReadLog {
  private readonly versions = new Map<string, FileVersion>();

  record(realPath: string, version: FileVersion): void {
    this.versions.set(realPath, version);
  }

  get(realPath: string): FileVersion | undefined {
    return this.versions.get(realPath);
  }
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
