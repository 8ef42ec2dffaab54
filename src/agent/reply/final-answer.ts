// Where the answer begins. At the start of a line the marker may be in any case, in bold, or a
// Markdown heading without a colon; inside a line only "Final Answer:" as written in the protocol
// counts, so a thought like "before the final answer: check" is not taken for one.

const AT_LINE_START = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?final[ \t]+answer(?:\*\*)?[ \t]*(?::(?:\*\*)?|$)/im;
const INSIDE_LINE = /(?:\*\*)?\b(?:Final[ \t]+Answer|FINAL[ \t]+ANSWER)(?:\*\*)?[ \t]*:(?:\*\*)?/;

export interface FinalAnswerMarker {
  start: number;
  /** Where the answer text begins. */
  end: number;
}

export function findFinalAnswer(text: string): FinalAnswerMarker | undefined {
  const found = [AT_LINE_START.exec(text), INSIDE_LINE.exec(text)]
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => a.index - b.index)[0];
  return found && { start: found.index, end: found.index + found[0].length };
}
