// What every call reader finds: a place in the reply where a tool call may begin.

export type ArgsResult = { ok: true; args: Record<string, unknown> } | { ok: false; problem: string };

export interface FoundCall {
  name: string;
  args: ArgsResult;
}

export interface CallSite {
  /** Where the call begins; the thought ends here. */
  start: number;
  /** Reads the call, or undefined when on a closer look this is not one. Called lazily, first site first. */
  read(): FoundCall | undefined;
}

export type CallFinder = (text: string, knownTools: ReadonlySet<string>) => CallSite[];

/** How the protocol wants a call written, for problems the model reads. */
export function example(name: string): string {
  return `${name}({"key": "value"})`;
}

export function notClosed(name: string): ArgsResult {
  return {
    ok: false,
    problem: `the JSON object is not closed: every "{" needs a matching "}" and every string its closing quote, e.g. ${example(name)}`,
  };
}

export function noArguments(name: string): ArgsResult {
  return { ok: false, problem: `no JSON arguments follow the tool name; write ${example(name)}` };
}
