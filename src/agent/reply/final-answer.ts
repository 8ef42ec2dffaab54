// Where the answer begins. At the start of a line the marker may be in any case, in bold, or a
// Markdown heading without a colon; inside a line only "Final Answer:" as written in the protocol
// counts, so a thought like "before the final answer: check" is not taken for one. LlamaIndex's ReAct
// prompt ends with `Answer:` at the start of a line. Agents that speak XML close with a tag around the
// answer: LangChain's `<final_answer>`, Cline's `<attempt_completion><result>` (and its question to
// the user, `<ask_followup_question><question>`), Granite's thinking template `<response>`.

const AT_LINE_START = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?final[ \t]+answer(?:\*\*)?[ \t]*(?::(?:\*\*)?|$)/im;
const INSIDE_LINE = /(?:\*\*)?\b(?:Final[ \t]+Answer|FINAL[ \t]+ANSWER)(?:\*\*)?[ \t]*:(?:\*\*)?/;
const LLAMA_INDEX = /^[ \t]*(?:\*\*)?(?:Answer|ANSWER)(?:\*\*)?[ \t]*:(?:\*\*)?/m;
const ANSWER_TAGS: ReadonlyArray<[open: RegExp, close: string]> = [
  [/<final_answer>/, '</final_answer>'],
  [/<attempt_completion>\s*<result>/, '</result>'],
  [/<ask_followup_question>\s*<question>/, '</question>'],
  [/<plan_mode_respond>\s*<response>/, '</response>'],
  [/<response>/, '</response>'],
];

export interface FinalAnswerMarker {
  start: number;
  /** Where the answer text begins. */
  end: number;
  /** The answer, when a closing tag ends it before the reply does. */
  text?: string;
}

export function findFinalAnswer(text: string): FinalAnswerMarker | undefined {
  const markers = [AT_LINE_START.exec(text), INSIDE_LINE.exec(text), LLAMA_INDEX.exec(text)]
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return [...markers, ...taggedAnswers(text)].sort((a, b) => a.start - b.start)[0];
}

function taggedAnswers(text: string): FinalAnswerMarker[] {
  return ANSWER_TAGS.flatMap(([open, close]) => {
    const match = open.exec(text);
    if (!match) return [];
    const end = match.index + match[0].length;
    const closeAt = text.indexOf(close, end);
    return [{ start: match.index, end, text: text.slice(end, closeAt < 0 ? text.length : closeAt).trim() }];
  });
}
