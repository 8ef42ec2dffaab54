/** Why a file could not be written, in words a user acts on; the system's own words for what this does not know. */
export function describeWriteFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOSPC':
      return 'no space left on the disk (ENOSPC); free some space and try again';
    case 'EDQUOT':
      return 'the disk quota is used up (EDQUOT); free some space and try again';
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${error.code})`;
    default:
      return error.message;
  }
}

/** A file system that refuses every write until someone acts: a full disk, a quota, a read-only mount. */
export function isOutOfSpace(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS';
}
