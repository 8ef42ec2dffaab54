import ignore, { type Ignore } from 'ignore';
import { constants, type Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rootedGitignorePatterns, unignoreFolderPattern } from './rooted-gitignore-patterns.js';

/**
 * The .gitignore rules met by one listing of `listedFolder`. Each folder's file is read and
 * compiled once, when first needed, into a matcher that holds its ancestors' rules before its own;
 * a folder without a .gitignore shares its parent's matcher, and so its cache of answers. The
 * folder listed and its ancestors count as not ignored, so that a folder asked for by name is
 * listed; the rules still apply to what lies below it.
 */
export class GitignoreRules {
  private readonly matchers = new Map<string, Promise<Ignore>>();

  constructor(
    private readonly projectRoot: string,
    private readonly listedFolder: string,
  ) {}

  /**
   * Whether git leaves out a path (project-relative, below the folder listed): because a rule
   * matches it, or because one of its folders is ignored, which git does not enter.
   */
  async ignores(relative: string, isFolder: boolean): Promise<boolean> {
    const matcher = await this.matcherFor(parentFolder(relative));
    return matcher.ignores(isFolder ? `${relative}/` : relative);
  }

  /**
   * The names of the subfolders of a folder (project-relative, below the folder listed) that git
   * does not enter, given the folder's entries: its .gitignore is read only when they hold one.
   */
  async ignoredSubfolders(folder: string, entries: readonly Dirent[]): Promise<Set<string>> {
    const hasGitignore = entries.some((entry) => entry.name === '.gitignore' && entry.isFile());
    const matcher = await this.matcherFor(folder, hasGitignore);
    const prefix = folder ? `${folder}/` : '';
    return new Set(entries.filter((entry) => entry.isDirectory() && matcher.ignores(`${prefix}${entry.name}/`)).map((entry) => entry.name));
  }

  private matcherFor(folder: string, hasGitignore = true): Promise<Ignore> {
    let matcher = this.matchers.get(folder);
    if (!matcher) {
      matcher = this.compile(folder, hasGitignore);
      this.matchers.set(folder, matcher);
    }
    return matcher;
  }

  private async compile(folder: string, hasGitignore: boolean): Promise<Ignore> {
    const [inherited, text] = await Promise.all([
      folder ? this.matcherFor(parentFolder(folder)) : undefined,
      hasGitignore ? readGitignore(path.join(this.projectRoot, folder, '.gitignore')) : '',
    ]);
    const exempted = folder && folder === this.listedFolder ? ancestorsAndSelf(folder).map(unignoreFolderPattern) : [];
    const patterns = [...exempted, ...rootedGitignorePatterns(text, folder)];
    if (inherited && patterns.length === 0) return inherited;
    // Case-sensitive, as git is by default on Linux and as ripgrep, which search_code prefers, is.
    const matcher = ignore({ ignoreCase: false });
    if (inherited) matcher.add(inherited);
    return matcher.add(patterns);
  }
}

/**
 * A .gitignore's text; empty when there is none. A symlink is not followed (git does not follow
 * one either) and a FIFO does not block.
 */
function readGitignore(file: string): Promise<string> {
  const flag = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  return readFile(file, { encoding: 'utf8', flag }).catch(() => '');
}

function parentFolder(relative: string): string {
  const parent = path.posix.dirname(relative);
  return parent === '.' ? '' : parent;
}

/** `a`, `a/b`, `a/b/c` for `a/b/c`. */
function ancestorsAndSelf(folder: string): string[] {
  return folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
}
