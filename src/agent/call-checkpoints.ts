import type { EmitEvent } from './events.js';
import type { AnyTool, ToolKind } from '../kit/tool/tool.js';

/** Checkpoints of the project's files around a call (engines/checkpoints: `SessionCheckpoints`). */
export interface CallCheckpoints {
  around<T>(call: { id: string; tool: string }, run: () => Promise<T>, warn: (message: string) => void): Promise<T>;
}

/** The kinds of tool that may change the project's files: those that write, run something (bash, MCP tools), or run others (retry, sub-agents). */
const CHANGING_KINDS: ReadonlySet<ToolKind> = new Set(['write', 'exec', 'long']);

/**
 * Runs a tool call, between two checkpoints when it may change files (`write_file`, `edit_file`,
 * `falcon_write`, `create_test_file`, `auto_fix`, `bash`, MCP tools …). A sub-agent's calls come here
 * too, with its parent's checkpoints.
 */
export function runCheckpointed<T>(checkpoints: CallCheckpoints | undefined, tool: AnyTool, id: string, emit: EmitEvent, run: () => Promise<T>): Promise<T> {
  if (!checkpoints || !CHANGING_KINDS.has(tool.kind)) return run();
  return checkpoints.around({ id, tool: tool.name }, run, (message) => emit({ type: 'warning', message }));
}
