// The model's visible reasoning before its call or answer.

const THOUGHT_MARKER = /^[ \t]*(?:\*\*)?thought(?:\*\*)?[ \t]*:(?:\*\*)?/im;
const TRAILING_FENCE_OPENER = /[ \t]*```[\w-]*\s*$/;

/** The text before `end`, without the `Thought:` marker or a still-open fence that wraps the call. */
export function extractThought(text: string, end: number): string | undefined {
  let before = text.slice(0, end);
  const marker = THOUGHT_MARKER.exec(before);
  if (marker) before = before.slice(marker.index + marker[0].length);
  if (countFenceLines(before) % 2 === 1) before = before.replace(TRAILING_FENCE_OPENER, '');
  const thought = before.trim();
  return thought === '' ? undefined : thought;
}

function countFenceLines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (line.trimStart().startsWith('```')) count++;
  return count;
}
