/**
 * The lines of the .gitignore in `folder` (project-relative, `''` for the root) as patterns
 * relative to the project root, so that one matcher can hold a folder's rules after those of its
 * ancestors: git's order, in which the last rule to match decides and a deeper file's rules win.
 * A pattern with a slash at its start or middle is anchored to its file's folder (`/folder/x/y`);
 * any other matches at any depth below that folder (`/folder/**\/x`). Negation, directory-only
 * rules and escapes are left to the matcher, which reads them as git does.
 */
export function rootedGitignorePatterns(text: string, folder: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!folder) return lines;
  const base = `/${escapeGitignore(folder)}`;
  return lines.flatMap((line) => {
    if (line.startsWith('#')) return [];
    const negation = line.startsWith('!') ? '!' : '';
    const body = line.slice(negation.length);
    // Trailing spaces go unless escaped, and a trailing slash only says "folders only".
    const name = body.replace(/(?<!\\) +$/, '').replace(/\/$/, '');
    if (!name) return [];
    return [name.includes('/') ? `${negation}${base}/${body.replace(/^\//, '')}` : `${negation}${base}/**/${body}`];
  });
}

/** A pattern that un-ignores one folder (project-relative) and no other path. */
export function unignoreFolderPattern(folder: string): string {
  return `!/${escapeGitignore(folder)}/`;
}

/** A path's wildcard characters and backslashes escaped, so that a pattern matches it literally. */
function escapeGitignore(relative: string): string {
  return relative.replace(/[\\*?[\]]/g, '\\$&');
}
