// What to show of a reply while it streams: the thought (dimmed) and the answer text, never the
// protocol's markers or a tool call in any of the shapes models write them (the call is shown as its
// own entry). Reasoning blocks never get here: the loop streams them as thinking.
import { findFinalAnswer } from '../../agent/reply/final-answer.js';
import { terminalSafeText } from '../../safety/terminal-text.js';

export interface StreamingView {
  thought: string;
  answer: string;
}

/** Where a tool call starts, as our protocol and the models' own formats write it. */
const CALL_START = new RegExp(
  [
    String.raw`^[ \t]*(?:\*\*)?action[ \t]*(?:input)?[ \t]*:`,
    String.raw`<tool_call>`,
    String.raw`<function[=\s]`,
    String.raw`\[TOOL_CALLS\]`,
    String.raw`<\|python_tag\|>`,
    String.raw`<\|tool_call>`,
    String.raw`<｜tool▁call`,
    String.raw`to=functions\.`,
    String.raw`^[ \t]*\x60\x60\x60tool_code`,
  ].join('|'),
  'im',
);
const THOUGHT_PREFIX = /^\s*thought[ \t]*:[ \t]*/i;
const MARKERS = ['final answer:', 'thought:', 'action:', '<tool_call>', '[tool_calls]'];

/** The parts of a raw reply to show, terminal-safe; line breaks read as the agent reads them. */
export function splitStreamingReply(raw: string): StreamingView {
  const { thought, answer } = splitReply(hidePartialMarker(raw.replace(/\r\n?/g, '\n')));
  return { thought: terminalSafeText(thought), answer: terminalSafeText(answer) };
}

function splitReply(text: string): StreamingView {
  const final = findFinalAnswer(text);
  const call = CALL_START.exec(text);
  if (call && (!final || call.index < final.start)) {
    return { thought: stripThought(text.slice(0, call.index)), answer: '' };
  }
  if (final) {
    return { thought: stripThought(text.slice(0, final.start)), answer: text.slice(final.end).replace(/^[ \t]+/, '') };
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
