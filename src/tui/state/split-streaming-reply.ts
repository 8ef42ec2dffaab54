// What to show of a reply while it streams: the thought (dimmed) and the answer text, never the
// protocol's markers or the ACTION line (the tool call is shown as its own entry).

export interface StreamingView {
  thought: string;
  answer: string;
}

const FINAL_ANSWER = /\bfinal[ \t]+answer[ \t]*:[ \t]*/i;
const ACTION_LINE = /^[ \t]*(?:\*\*)?action[ \t]*:/im;
const THOUGHT_PREFIX = /^\s*thought[ \t]*:[ \t]*/i;
const MARKERS = ['final answer:', 'thought:', 'action:'];

export function splitStreamingReply(raw: string): StreamingView {
  const text = hidePartialMarker(raw.replace(/\r\n?/g, '\n'));
  const final = FINAL_ANSWER.exec(text);
  const action = ACTION_LINE.exec(text);
  if (action && (!final || action.index < final.index)) {
    return { thought: stripThought(text.slice(0, action.index)), answer: '' };
  }
  if (final) {
    return { thought: stripThought(text.slice(0, final.index)), answer: text.slice(final.index + final[0].length) };
  }
  if (THOUGHT_PREFIX.test(text)) return { thought: stripThought(text), answer: '' };
  return { thought: '', answer: text };
}

function stripThought(text: string): string {
  return text.replace(THOUGHT_PREFIX, '').trim();
}

/** The last line may be a marker still arriving ("Final Ans"); keep it back until it is whole. */
function hidePartialMarker(text: string): string {
  const lineStart = text.lastIndexOf('\n') + 1;
  const lastLine = text.slice(lineStart).trimStart().toLowerCase();
  if (lastLine && MARKERS.some((marker) => marker.startsWith(lastLine) && marker !== lastLine)) {
    return text.slice(0, lineStart);
  }
  return text;
}
