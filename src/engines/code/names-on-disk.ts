import { readdir } from 'node:fs/promises';

const REPLACEMENT = '\uFFFD';

/**
 * The names on disk a project-relative path read from the file system stands for, as bytes. Node
 * decodes names as UTF-8 and puts U+FFFD for bytes that are not, so such a path opens nothing: each
 * segment holding U+FFFD is looked up among its folder's names read as bytes (several may decode
 * alike: all are returned). A path without U+FFFD is itself. One per listing: folders are read once.
 */
export class NamesOnDisk {
  private readonly folders = new Map<string, Promise<Buffer[]>>();

  constructor(private readonly projectRoot: string) {}

  /** Whether Node's reading of the name lost bytes: only then is it looked up. */
  isLossy(relative: string): boolean {
    return relative.includes(REPLACEMENT);
  }

  async of(relative: string): Promise<Buffer[]> {
    if (!this.isLossy(relative)) return [Buffer.from(relative, 'utf8')];
    let found: Buffer[] = [Buffer.alloc(0)];
    for (const segment of relative.split('/')) {
      const next: Buffer[] = [];
      for (const parent of found) {
        if (!segment.includes(REPLACEMENT)) {
          next.push(joined(parent, Buffer.from(segment, 'utf8')));
          continue;
        }
        for (const name of await this.namesIn(parent)) if (name.toString('utf8') === segment) next.push(joined(parent, name));
      }
      found = next;
    }
    return found;
  }

  /** The absolute path to open a name by: a string when it is UTF-8, else its bytes. */
  location(name: Buffer): string | Buffer {
    const absolute = joined(Buffer.from(this.projectRoot, 'utf8'), name);
    const text = absolute.toString('utf8');
    return Buffer.from(text, 'utf8').equals(absolute) ? text : absolute;
  }

  private namesIn(folder: Buffer): Promise<Buffer[]> {
    const key = folder.toString('latin1');
    let names = this.folders.get(key);
    if (!names) {
      names = readdir(this.location(folder), { encoding: 'buffer' }).catch(() => []);
      this.folders.set(key, names);
    }
    return names;
  }
}

function joined(parent: Buffer, name: Buffer): Buffer {
  return parent.length === 0 ? name : Buffer.concat([parent, Buffer.from('/'), name]);
}
