/** The unified diff a confirmation shows: `--- a/x` / `+++ b/x`, or from `/dev/null` for a new file. */
export async function unifiedDiff(relative: string, before: string | undefined, after: string): Promise<string> {
  const { createTwoFilesPatch } = await import('diff');
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${relative}`, `b/${relative}`, before ?? '', after);
  return patch.replace(/^=+\n/, '');
}

export async function countChanges(before: string, after: string): Promise<{ added: number; removed: number }> {
  const { structuredPatch } = await import('diff');
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
