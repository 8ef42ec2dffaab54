// Tolerant parser for the model's text protocol (docs/ARCHITECTURE.md, "The agent loop and its events"):
//   Thought: <reasoning>
//   ACTION: tool_name({"json": "arguments"})
// or
//   Final Answer: <answer>
// and for the other shapes models write calls in (see src/agent/reply/). Reasoning blocks (<think>…)
// are set apart first: they are never searched for calls and never part of the answer.
import { withinLimits } from './reply/argument-limits.js';
import type { CallFinder, FoundCall } from './reply/call-site.js';
import { findBareCalls } from './reply/bare-calls.js';
import { findExplicitCalls } from './reply/explicit-calls.js';
import { findFinalAnswer } from './reply/final-answer.js';
import { findObjectCalls } from './reply/object-calls.js';
import { splitThinking } from './reply/thinking.js';
import { findTaggedCalls } from './reply/tagged-calls.js';
import { extractThought } from './reply/thought.js';

interface Reasoning {
  /** Text of the reasoning blocks in the reply (<think>…), joined with blank lines. */
  thinking?: string;
  /** The reply ended inside an open reasoning block. */
  unclosedThinking?: true;
}

export type ParsedReply = Reasoning &
  (
    /** `laterCalls`: other calls the reply held after this one, not run (one ACTION per reply). */
    | { kind: 'call'; thought?: string; name: string; args: Record<string, unknown>; laterCalls?: string[] }
    | { kind: 'bad_call'; thought?: string; name: string; problem: string } // the model tried to call a tool but the arguments were unreadable
    | { kind: 'answer'; thought?: string; text: string }
  );

const FINDERS: readonly CallFinder[] = [findExplicitCalls, findTaggedCalls, findObjectCalls, findBareCalls];

export function parseReply(reply: string, knownTools: ReadonlySet<string>): ParsedReply {
  const split = splitThinking(reply.replace(/\r\n?/g, '\n'));
  const reasoning: Reasoning = {
    ...(split.thinking !== undefined && { thinking: split.thinking }),
    ...(split.unclosed && { unclosedThinking: true as const }),
  };
  const text = split.text;
  const final = findFinalAnswer(text);
  // Whichever comes first wins: text after the Final Answer marker is the answer, even when it shows a call.
  const call = findFirstCall(text, knownTools, final ? final.start : text.length);

  if (call) {
    const thought = withThought(text, call.start);
    const args = withinLimits(call.args);
    const later = call.later.length ? { laterCalls: call.later } : {};
    return args.ok
      ? { kind: 'call', ...thought, name: call.name, args: args.args, ...later, ...reasoning }
      : { kind: 'bad_call', ...thought, name: call.name, problem: args.problem, ...reasoning };
  }
  if (final) {
    const answer = text.slice(final.end).trim();
    return { kind: 'answer', ...withThought(text, final.start), text: answer, ...reasoning };
  }
  return { kind: 'answer', text: text.trim(), ...reasoning };
}

/** The first call before `before`, with the names of the distinct calls after it (shapes read twice count once). */
function findFirstCall(text: string, knownTools: ReadonlySet<string>, before: number): (FoundCall & { start: number; later: string[] }) | undefined {
  const sites = FINDERS.flatMap((find) => find(text, knownTools))
    .filter((site) => site.start < before)
    .sort((a, b) => a.start - b.start);
  let first: (FoundCall & { start: number }) | undefined;
  const seen = new Set<string>();
  const later: string[] = [];
  for (const site of sites) {
    const call = site.read();
    if (!call) continue;
    const args = withinLimits(call.args); // before anything walks them: they may nest 10,000 deep
    const key = `${call.name} ${args.ok ? JSON.stringify(args.args) : args.problem}`;
    if (!first) first = { ...call, start: site.start };
    else if (!seen.has(key)) later.push(call.name);
    seen.add(key);
  }
  return first && { ...first, later };
}

function withThought(text: string, end: number): { thought?: string } {
  const thought = extractThought(text, end);
  return thought === undefined ? {} : { thought };
}
