import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's files, indexed to place the paths a trace prints. */
export class ProjectFileIndex {
  private readonly all: Set<string>;
  private readonly byName = new Map<string, string[]>();

  /** `files`: relative to `projectRoot` (its real path), forward slashes. */
  constructor(
    private readonly projectRoot: string,
    files: readonly string[],
  ) {
    this.all = new Set(files);
    for (const file of files) {
      const name = path.posix.basename(file);
      this.byName.set(name, [...(this.byName.get(name) ?? []), file]);
    }
  }

  /**
   * The project file a trace's path names, or undefined. Paths under the project root and
   * relative paths are taken as they are; others — from a container (`/app/src/x.py`), another
   * machine or a JVM package path — by the project file sharing the longest tail of folders.
   */
  resolve(tracePath: string): string | undefined {
    const normalized = normalizeTracePath(tracePath);
    const underRoot = path.posix.relative(this.projectRoot.replaceAll('\\', '/'), normalized);
    const direct = path.posix.isAbsolute(normalized) ? underRoot : path.posix.normalize(normalized);
    if (this.all.has(direct)) return direct;
    return this.bySuffix(normalized.split('/').filter((part) => part && part !== '.'));
  }

  private bySuffix(parts: string[]): string | undefined {
    const candidates = this.byName.get(parts.at(-1) ?? '') ?? [];
    let best: string | undefined;
    let bestShared = 0;
    for (const candidate of candidates) {
      const shared = sharedTail(candidate.split('/'), parts);
      // On a tie, the shorter path: `src/x.py` rather than `tests/fixtures/src/x.py`.
      if (shared > bestShared || (shared === bestShared && best && candidate.length < best.length)) {
        best = candidate;
        bestShared = shared;
      }
    }
    return best;
  }
}

/** `file:///app/x.js` → `/app/x.js`; `C:\src\X.cs` → `/src/X.cs`; `./src/x.rs` → `src/x.rs`. */
export function normalizeTracePath(tracePath: string): string {
  let result = tracePath.trim();
  if (result.startsWith('file://')) {
    try {
      result = fileURLToPath(result);
    } catch {
      result = decodeURIComponent(result.slice('file://'.length));
    }
  }
  result = result.replaceAll('\\', '/').replace(/^[A-Za-z]:(?=\/)/, '');
  return result.replace(/^(\.\/)+/, '');
}

function sharedTail(left: string[], right: string[]): number {
  let count = 0;
  while (count < left.length && count < right.length && left[left.length - 1 - count] === right[right.length - 1 - count]) count++;
  return count;
}
