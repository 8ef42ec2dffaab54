// The calls of a native tool-mode reply: their arguments read as the text parser reads them, then run
// through the same pipeline as a text call — the calls that only read and ask no approval together, the
// others one at a time in the reply's order — with each observation kept in the order of the calls.
import type { NativeToolCall } from '../llm/chat-message.js';
import type { ToolCallRequest } from './approval/run-tool-call.js';
import type { ToolLookup } from './approval/tool-call-deps.js';
import { onlyReads } from './approval/permissions/plan-mode.js';
import { withinLimits } from './reply/argument-limits.js';
import { parseArguments } from './reply/parse-arguments.js';
import type { ReplyTools } from './reply/reply-tools.js';

export interface NativeCall {
  /** The provider's id of the call, which its observation answers. */
  id: string;
  request: ToolCallRequest;
}

/** Each call as the tool pipeline takes it: a tool's own name and arguments, or the problem with its arguments. */
export function readNativeCalls(calls: readonly NativeToolCall[], tools: ReplyTools): NativeCall[] {
  return calls.map((call) => {
    const match = tools.resolve(call.name);
    const name = match?.name ?? call.name;
    // A call of a tool without parameters may come with no arguments at all.
    const args = withinLimits(call.arguments.trim() === '' ? { ok: true, args: {} } : parseArguments(call.arguments, name));
    const request: ToolCallRequest = args.ok ? { name, args: match ? match.respell(args.args) : args.args } : { name, problem: args.problem };
    return { id: call.id, request };
  });
}

/**
 * Runs the calls and gives their outputs in the calls' order. Consecutive calls that only read and need
 * no approval run together (a confirmation at a time is what the front ends show); any other call waits
 * for those before it and runs alone.
 */
export async function runNativeCalls(calls: readonly NativeCall[], tools: ToolLookup, run: (request: ToolCallRequest) => Promise<string>): Promise<string[]> {
  const outputs: string[] = [];
  let together: NativeCall[] = [];
  const runTogether = async () => {
    outputs.push(...(await Promise.all(together.map((call) => run(call.request)))));
    together = [];
  };
  for (const call of calls) {
    if (runsTogether(call.request, tools)) {
      together.push(call);
      continue;
    }
    await runTogether();
    outputs.push(await run(call.request));
  }
  await runTogether();
  return outputs;
}

function runsTogether(request: ToolCallRequest, tools: ToolLookup): boolean {
  const tool = tools.get(request.name);
  if (!tool || tool.preview || !('args' in request)) return false;
  return onlyReads({ tool: tool.name, kind: tool.kind, args: request.args, ...(tool.readOnly && { readOnly: tool.readOnly }) });
}
