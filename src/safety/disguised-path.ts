/** Longest path accepted, in characters; Linux's PATH_MAX is 4096 bytes. */
const MAX_PATH_CHARS = 4096;
/** Longest file or folder name, in bytes (NAME_MAX on the usual file systems). */
const MAX_NAME_BYTES = 255;

// %2e . %2f / %5c \ and the overlong UTF-8 forms of them (%c0%ae, %c0%af, %c1%9c, %e0%80%ae, …),
// also encoded again (%252e): the percent sign itself may be encoded any number of times.
const ENCODED_DOT_OR_SLASH = /%(?:25)*(?:2e|2f|5c|c0|c1|e0%(?:25)*80|f0%(?:25)*80)/i;

/**
 * Why a path from the model or the user looks like an attempt to hide `..` or a separator, or
 * cannot be a real path; undefined when it is plain. Such paths are refused, not decoded: a file
 * named `%2e%2e` is far more likely a traversal attempt than a real name, and decoding would differ
 * from what the file system does.
 */
export function refuseDisguisedPath(userPath: string): string | undefined {
  if (userPath.includes('\0')) return 'path contains a NUL byte';
  if (userPath.length > MAX_PATH_CHARS) return `path is longer than ${MAX_PATH_CHARS} characters`;
  if (ENCODED_DOT_OR_SLASH.test(userPath)) return 'path contains percent-encoded dots or slashes; give the plain path';
  for (const char of userPath) {
    // Fullwidth ．／＼, one- and two-dot leaders ․‥ and the like turn into dots and slashes under
    // Unicode normalisation (NFKC), which some file systems and tools apply.
    if (char > '\x7f' && /[./\\]/.test(char.normalize('NFKC'))) {
      return `path contains "${char}", which stands for a dot or a slash; use plain ASCII`;
    }
  }
  for (const name of userPath.split(/[/\\]/)) {
    // Windows drops trailing dots and spaces, so ".. " and "..." can mean "..".
    if (/^[.\s]+$/.test(name) && name !== '.' && name !== '..') return `path has a name made only of dots and spaces`;
    if (Buffer.byteLength(name) > MAX_NAME_BYTES) return `path has a name longer than ${MAX_NAME_BYTES} bytes`;
  }
  return undefined;
}
