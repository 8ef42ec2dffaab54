import { createTwoFilesPatch, structuredPatch } from 'diff';

/** The unified diff a confirmation shows: `--- a/x` / `+++ b/x`, or from `/dev/null` for a new file. */
export function unifiedDiff(relative: string, before: string | undefined, after: string): string {
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${relative}`, `b/${relative}`, before ?? '', after);
  return patch.replace(/^=+\n/, '');
}

export function countChanges(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of structuredPatch('a', 'b', before, after).hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}
