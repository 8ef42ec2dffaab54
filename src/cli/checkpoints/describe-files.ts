/** `a.txt, b.txt and 3 more`. */
export function describeFiles(files: readonly string[], shown = 4): string {
  return files.length <= shown ? files.join(', ') : `${files.slice(0, shown).join(', ')} and ${files.length - shown} more`;
}

export function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
