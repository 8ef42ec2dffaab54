// Tolerant parser for the model's text protocol (docs/ARCHITECTURE.md, "The agent loop and its events"):
//   Thought: <reasoning>
//   ACTION: tool_name({"json": "arguments"})
// or
//   Final Answer: <answer>
// and for the other shapes models write calls in (see src/agent/reply/). Reasoning blocks (<think>…)
// are set apart first: they are never searched for calls and never part of the answer. Call framing
// that holds no call to read is never the answer: it is a bad call the model is asked to write again.
import { withinLimits } from './reply/argument-limits.js';
import type { CallFinder, FoundCall } from './reply/call-site.js';
import { findBareCalls } from './reply/bare-calls.js';
import { findExplicitCalls } from './reply/explicit-calls.js';
import { findFinalAnswer, type FinalAnswerMarker } from './reply/final-answer.js';
import { findObjectCalls } from './reply/object-calls.js';
import { replyToolsOf, type ReplyTools } from './reply/reply-tools.js';
import { splitThinking } from './reply/thinking.js';
import { findTaggedCalls } from './reply/tagged-calls.js';
import { extractThought } from './reply/thought.js';
import { findInvokeCalls, findNameTagCalls, findToolTagCalls } from './reply/xml-calls.js';

interface Reasoning {
  /** Text of the reasoning blocks in the reply (<think>…), joined with blank lines. */
  thinking?: string;
  /** The reply ended inside an open reasoning block. */
  unclosedThinking?: true;
}

export type ParsedReply = Reasoning &
  /** `laterCalls`: other calls the reply held after this one, not run (one ACTION per reply). */
  (
    | { kind: 'call'; thought?: string; name: string; args: Record<string, unknown>; laterCalls?: string[] }
    /**
     * The model tried to call a tool, but the call cannot be read: its arguments (`name` given), or the
     * call itself (no `name`: a call token with nothing readable after it, an ACTION line naming no tool).
     */
    | { kind: 'bad_call'; thought?: string; name?: string; problem: string }
    | { kind: 'answer'; thought?: string; text: string }
  );

const FINDERS: readonly CallFinder[] = [
  findExplicitCalls,
  findTaggedCalls,
  findInvokeCalls,
  findNameTagCalls,
  findToolTagCalls,
  findObjectCalls,
  findBareCalls,
];

/** `tools`: the session's tools, or only their names (then no plain-text input fills a parameter). */
export function parseReply(reply: string, tools: ReplyTools | ReadonlySet<string>): ParsedReply {
  const known = tools instanceof Set ? replyToolsOf(tools) : (tools as ReplyTools);
  const split = splitThinking(reply.replace(/\r\n?/g, '\n'));
  const reasoning: Reasoning = {
    ...(split.thinking !== undefined && { thinking: split.thinking }),
    ...(split.unclosed && { unclosedThinking: true as const }),
  };
  const text = split.text;
  const final = findFinalAnswer(text);
  // Whichever comes first wins: text after the Final Answer marker is the answer, even when it shows a call.
  const call = findFirstCall(text, known, final ? final.start : text.length);

  if (call) {
    const thought = withThought(text, call.start);
    const match = call.name === undefined ? undefined : known.resolve(call.name);
    const args = withinLimits(call.args);
    const name = match?.name ?? call.name;
    const later = call.later.length ? { laterCalls: call.later } : {};
    if (name === undefined || !args.ok) {
      const problem = args.ok ? 'the call names no tool' : args.problem;
      return { kind: 'bad_call', ...thought, ...(name !== undefined && { name }), problem, ...reasoning };
    }
    return { kind: 'call', ...thought, name, args: match ? match.respell(args.args) : args.args, ...later, ...reasoning };
  }
  if (final) return { kind: 'answer', ...withThought(text, final.start), text: answerText(text, final), ...reasoning };
  return { kind: 'answer', text: text.trim(), ...reasoning };
}

type FirstCall = FoundCall & { start: number; later: string[] };

/**
 * The first call before `before`, with the names of the distinct calls after it (shapes read twice
 * count once). Framing with no call in it counts only when the reply holds no call at all.
 */
function findFirstCall(text: string, tools: ReplyTools, before: number): FirstCall | undefined {
  const sites = FINDERS.flatMap((find) => find(text, tools))
    .filter((site) => site.start < before)
    .sort((a, b) => a.start - b.start);
  let first: (FoundCall & { start: number }) | undefined;
  let framing: (FoundCall & { start: number }) | undefined;
  const seen = new Set<string>();
  const later: string[] = [];
  for (const site of sites) {
    const call = site.read();
    if (!call) continue;
    if (call.name === undefined) {
      framing ??= { ...call, start: site.start };
      continue;
    }
    const args = withinLimits(call.args); // before anything walks them: they may nest 10,000 deep
    const name = tools.resolve(call.name)?.name ?? call.name;
    const key = `${name} ${args.ok ? JSON.stringify(args.args) : args.problem}`;
    if (!first) {
      first = { ...call, start: site.start };
      later.push(...(call.more ?? []).map((more) => tools.resolve(more)?.name ?? more));
    } else if (!seen.has(key)) later.push(name);
    seen.add(key);
  }
  const found = first ?? framing;
  return found && { ...found, later: first ? later : [] };
}

function answerText(text: string, final: FinalAnswerMarker): string {
  return final.text ?? text.slice(final.end).trim();
}

function withThought(text: string, end: number): { thought?: string } {
  const thought = extractThought(text, end);
  return thought === undefined ? {} : { thought };
}
