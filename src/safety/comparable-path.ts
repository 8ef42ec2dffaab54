/**
 * Code points some file systems leave out of names (HFS+ ignores them: `.g\u200cit` is `.git`), and
 * the bidirectional controls that make a name read as another: [first, last] of each range.
 */
const IGNORED_IN_NAMES: ReadonlyArray<readonly [number, number]> = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];

const isIgnored = (char: string) => {
  const code = char.codePointAt(0)!;
  return IGNORED_IN_NAMES.some(([first, last]) => code >= first && code <= last);
};

/**
 * A project-relative path as the file systems Falcon runs on may read it, for comparing it with a
 * name Falcon guards: lower case (macOS and Windows ignore case), NFC, without the code points HFS+
 * ignores, each name without the trailing dots and spaces and the `:stream` suffix Windows drops
 * (`.git. ` and `.git::$INDEX_ALLOCATION` are `.git`). Backslashes are separators.
 */
export function comparablePath(relative: string): string {
  return relative
    .normalize('NFC')
    .split('')
    .filter((char) => !isIgnored(char))
    .join('')
    .toLowerCase()
    .split(/[\\/]+/)
    .map((name) => name.replace(/:.*$/s, '').replace(/[. ]+$/, '') || name)
    .filter((name) => name !== '' && name !== '.')
    .join('/');
}

/**
 * Whether a comparable name (see comparablePath) is `name` or could be its Windows short name: its
 * first six letters (dots and spaces dropped) and `~N`, as `GIT~1` is `.git`.
 */
export function isNamed(comparable: string, name: string): boolean {
  if (comparable === name) return true;
  const short = /^(.{1,6})~\d+$/.exec(comparable);
  return short !== null && name.replace(/[. ]/g, '').slice(0, 6) === short[1];
}
