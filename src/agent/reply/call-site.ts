// What every call reader finds: a place in the reply where a tool call may begin.
import type { ReplyTools } from './reply-tools.js';

export type ArgsResult = { ok: true; args: Record<string, unknown> } | { ok: false; problem: string };

/**
 * A call as written: the name it gives and its arguments. Without a name it is call framing with no
 * call to read in it (a wrapper token alone, an ACTION line naming no tool), and `args` says what is wrong.
 */
export interface FoundCall {
  name?: string;
  args: ArgsResult;
  /** The names of the calls after this one in the same list (`[a(…), b(…)]`), which do not run. */
  more?: string[];
}

export interface CallSite {
  /** Where the call begins; the thought ends here. */
  start: number;
  /** Reads the call, or undefined when on a closer look this is not one. Called lazily, first site first. */
  read(): FoundCall | undefined;
}

export type CallFinder = (text: string, tools: ReplyTools) => CallSite[];

/** How the protocol wants a call written, for problems the model reads. */
export function example(name: string): string {
  return `${name}({"key": "value"})`;
}

/** The whole expected form, for a reply whose call could not be read at all. */
export const EXPECTED_FORM = 'ACTION: tool_name({"key": "value"}) with a tool from the list';

export function notClosed(name: string): ArgsResult {
  return {
    ok: false,
    problem: `the JSON object is not closed: every "{" needs a matching "}" and every string its closing quote, e.g. ${example(name)}`,
  };
}

export function noArguments(name: string): ArgsResult {
  return { ok: false, problem: `no JSON arguments follow the tool name; write ${example(name)}` };
}

/** Framing that holds no readable call: `what` names it, as the model reads it back. */
export function unreadableFraming(what: string): FoundCall {
  return { args: { ok: false, problem: `${what} holds no call that can be read; write ${EXPECTED_FORM}` } };
}

/** What went wrong, without the advice on how to write the call, for the user to read. */
export function problemGist(problem: string): string {
  return problem.split(/; write |, e\.g\. /)[0] ?? problem;
}
