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
    String.raw`<\|tool_calls?\|>`,
    String.raw`<\|tool_call_start\|>`,
    String.raw`\bfunctools\[`,
    String.raw`<start_function_call>`,
    String.raw`<minimax:tool_call>`,
    String.raw`<function_calls>`,
    String.raw`<invoke\s+name=`,
    String.raw`<(?:tool|tool_name|function-name)>`,
    String.raw`<｜tool▁call`,
    String.raw`to=functions\.`,
    String.raw`^[ \t]*\x60\x60\x60tool_code`,
  ].join('|'),
  'im',
);
const THOUGHT_PREFIX = /^\s*thought[ \t]*:[ \t]*/i;
const MARKERS = ['final answer:', 'thought:', 'action:', '<tool_call>', '[tool_calls]'];

/**
 * A reply's head (up to a line break) whose split no later text changes: its answer began at a
 * marker, or it is all answer so far, with no marker and no call (a later line may still hold one).
 * Markers and calls are matched within a line, so only the lines after the head need reading. The
 * answer is kept in parts, one for each time the head grew, so that its end is read without the rest.
 */
interface SettledHead {
  raw: string;
  thought: string;
  answerParts: string[];
  answerLength: number;
  answerFromMarker: boolean;
}

/** The head of the reply split last: a reply grows a delta at a time and is split again each time. */
let settled: SettledHead | undefined;

/**
 * The parts of a raw reply to show, terminal-safe, the answer from `answerFrom` on; line breaks read
 * as the agent reads them. The same as splitting the whole reply, but a reply that grows from the
 * one split last costs its new lines and the answer after `answerFrom`, not all of it.
 */
export function splitStreamingReply(raw: string, answerFrom = 0): StreamingView {
  settled = settled && startsWith(raw, settled.raw) ? extendHead(settled, raw) : settleHead(raw);
  const rest = settled ? raw.slice(settled.raw.length) : '';
  if (!settled || (!settled.answerFromMarker && mayChangeSplit(rest))) {
    const whole = splitWholeReply(raw);
    return { thought: whole.thought, answer: whole.answer.slice(answerFrom) };
  }
  const restAnswer = terminalSafeText(hidePartialMarker(normalizeLineBreaks(rest)));
  return { thought: settled.thought, answer: answerAfter(settled, answerFrom) + restAnswer.slice(Math.max(0, answerFrom - settled.answerLength)) };
}

/** The parts of a raw reply to show, terminal-safe, split at once. */
export function splitWholeReply(raw: string): StreamingView {
  const { thought, answer } = splitReply(hidePartialMarker(normalizeLineBreaks(raw)));
  return { thought: terminalSafeText(thought), answer: terminalSafeText(answer) };
}

function settleHead(raw: string): SettledHead | undefined {
  const head = raw.slice(0, raw.lastIndexOf('\n') + 1);
  if (head.trim() === '') return undefined;
  const text = normalizeLineBreaks(head);
  const final = findFinalAnswer(text);
  const call = CALL_START.exec(text);
  if (call && (!final || call.index < final.start)) return undefined;
  if (!final && THOUGHT_PREFIX.test(text)) return undefined;
  const { thought, answer } = final ? splitWholeReply(head) : { thought: '', answer: terminalSafeText(text) };
  return { raw: head, thought, answerParts: [answer], answerLength: answer.length, answerFromMarker: final !== undefined };
}

/** `head` with the lines `raw` has after it; settled again when one of them may change the split. */
function extendHead(head: SettledHead, raw: string): SettledHead | undefined {
  const end = raw.lastIndexOf('\n') + 1;
  if (end <= head.raw.length) return head;
  const lines = raw.slice(head.raw.length, end);
  if (!head.answerFromMarker && mayChangeSplit(lines)) return settleHead(raw);
  const answer = terminalSafeText(normalizeLineBreaks(lines));
  head.answerParts.push(answer);
  return { ...head, raw: raw.slice(0, end), answerLength: head.answerLength + answer.length };
}

/** The head's answer from `from` on, read from its last parts. */
function answerAfter(head: SettledHead, from: number): string {
  let index = head.answerParts.length;
  let start = head.answerLength;
  while (index > 0 && start > from) start -= head.answerParts[--index]!.length;
  return head.answerParts
    .slice(index)
    .join('')
    .slice(Math.max(0, from - start));
}

/** Whether lines after a head that is all answer hold a marker or a call, which make it a thought. */
function mayChangeSplit(lines: string): boolean {
  return findFinalAnswer(lines) !== undefined || CALL_START.test(lines);
}

/** As String#startsWith, which compares long strings a character at a time; === compares them at once. */
function startsWith(text: string, head: string): boolean {
  return text.length >= head.length && text.slice(0, head.length) === head;
}

function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function splitReply(text: string): StreamingView {
  const final = findFinalAnswer(text);
  const call = CALL_START.exec(text);
  if (call && (!final || call.index < final.start)) {
    return { thought: stripThought(text.slice(0, call.index)), answer: '' };
  }
  if (final) {
    return { thought: stripThought(text.slice(0, final.start)), answer: final.text ?? text.slice(final.end).replace(/^[ \t]+/, '') };
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
