/** A glob that would reach outside the folder it is applied to. */
export class FilePatternError extends Error {
  override name = 'FilePatternError';
}

/** Refuses `..` anywhere (braces could make `{..,a}/x` climb) and absolute patterns, escaped or not. */
export function assertPatternStaysInside(pattern: string): void {
  const unescaped = pattern.replaceAll('\\', '');
  if (unescaped.includes('..') || /(^|[{,(|])\s*\//.test(unescaped) || pattern.includes('\0')) {
    throw new FilePatternError(`file pattern must stay inside the folder searched: ${pattern}`);
  }
}
