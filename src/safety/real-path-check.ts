import fg from 'fast-glob';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { staysInside } from './path-inside.js';

export interface GlobBaseLinks {
  outside: string[];
  /** Links whose real path is inside the project (dangling and looping links are in neither list). */
  inside: string[];
}

/**
 * The file tools' real-path rule (see resolveInsideProject) for the paths a listing or a search
 * yields: a path is inside the project only when its real path, every symlink resolved, is. Folder
 * answers are cached, so a listing pays one lookup per folder, not one per file.
 */
export class RealPathCheck {
  private readonly folders = new Map<string, Promise<string | undefined>>();

  private constructor(
    private readonly projectRoot: string,
    private readonly realRoot: string,
  ) {}

  static async open(projectRoot: string): Promise<RealPathCheck> {
    return new RealPathCheck(projectRoot, await realpath(projectRoot));
  }

  /**
   * A folder's real path relative to the project's real root (`.` for the root), given its path
   * relative to the project root; undefined when it lies outside the project or cannot be resolved.
   */
  realFolder(folder: string): Promise<string | undefined> {
    let answer = this.folders.get(folder);
    if (!answer) {
      answer = this.realRelative(folder).then((real) => (real !== undefined && staysInside(real) ? real : undefined));
      this.folders.set(folder, answer);
    }
    return answer;
  }

  /** Whether a symlink (relative to the project root) points outside the project; a dangling or looping one points nowhere. */
  async leadsOutside(link: string): Promise<boolean> {
    const real = await this.realRelative(link);
    return real !== undefined && !staysInside(real);
  }

  /**
   * The symlinks on the way to the folders a glob names before its first wildcard (`link` in
   * `link/**`, `link/secret.txt` or `{src,link}/*.ts`), relative to the root, by where they lead.
   * fast-glob opens those folders directly, through any link; below them it follows none.
   */
  async linksOnGlobBases(folder: string, glob: string): Promise<GlobBaseLinks> {
    const bases = fg.generateTasks([glob]).map((task) => task.base);
    const links = [...new Set((await Promise.all(bases.map((base) => this.linksOn(folder, base)))).flat())];
    const found: GlobBaseLinks = { outside: [], inside: [] };
    for (const link of links) {
      const real = await this.realRelative(link);
      if (real !== undefined) found[staysInside(real) ? 'inside' : 'outside'].push(link);
    }
    return found;
  }

  /** The symlinks among the folders from `folder` down to `folder/base`, relative to the root. */
  private async linksOn(folder: string, base: string): Promise<string[]> {
    if (base === '.' || base === '') return [];
    const links: string[] = [];
    let current = folder;
    for (const segment of base.split('/')) {
      current = current ? `${current}/${segment}` : segment;
      const info = await lstat(path.join(this.projectRoot, current)).catch(() => undefined);
      if (!info) break;
      if (info.isSymbolicLink()) links.push(current);
    }
    return links;
  }

  /** The real path from the real root, with forward slashes; undefined when there is none (missing, dangling link, loop). */
  private async realRelative(relative: string): Promise<string | undefined> {
    const real = await realpath(path.join(this.projectRoot, relative)).catch(() => undefined);
    return real === undefined ? undefined : path.relative(this.realRoot, real).split(path.sep).join('/') || '.';
  }
}
