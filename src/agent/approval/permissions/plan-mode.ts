import type { AnyTool, ToolKind } from '../../../kit/tool/tool.js';

export interface PlannedCall {
  tool: string;
  /** Undefined for a step a running tool asks about under a name that is no tool. */
  kind: ToolKind | undefined;
  args: Record<string, unknown>;
  /** What the tool declares about its calls only reading (`Tool.readOnly`); absent: it does not. */
  readOnly?: AnyTool['readOnly'];
}

/** What a call of a tool that declares nothing may do, by its kind, for the refusal. */
const UNDECLARED_WORK: Record<ToolKind, string> = {
  write: 'changes files or saved state',
  exec: 'runs a command',
  network: 'sends requests that may change data, or keeps what they found',
  read: 'is not declared read-only',
  long: 'may start or change something',
};

/**
 * Why plan mode refuses this call, or undefined when it only reads. Plan mode writes nothing and
 * starts nothing: it runs only the calls their tool declares read-only (`Tool.readOnly`), so that a
 * tool that does not say so — a new one, an MCP server's, a step a running tool asks about — is
 * refused, not let through.
 */
export function planModeRefusal(call: PlannedCall): string | undefined {
  const what = workBeyondReading(call);
  if (!what) return undefined;
  return (
    `Plan mode is on: ${call.tool} was not run, as it ${what}. Plan mode is read-only — reading code, ` +
    'listing and searching files and GET requests only. Describe the change you propose instead; the user ' +
    'switches the mode to carry it out.'
  );
}

/** The call only reads, as its tool declares (`Tool.readOnly`): what plan mode runs. */
export function onlyReads(call: PlannedCall): boolean {
  return workBeyondReading(call) === undefined;
}

function workBeyondReading({ kind, args, readOnly }: PlannedCall): string | undefined {
  const undeclared = kind ? UNDECLARED_WORK[kind] : 'changes files or runs something';
  if (readOnly === true) return undefined;
  if (readOnly === undefined) return undeclared;
  try {
    return readOnly(args);
  } catch {
    // Arguments it cannot judge (a retried call's, not checked against its schema) are not read-only.
    return undeclared;
  }
}
