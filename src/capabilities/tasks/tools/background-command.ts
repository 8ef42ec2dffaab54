import { runCommand } from '../../../engines/exec/run-command.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';
import type { TaskJob } from '../../../kit/tool/task-list.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { TaskStartedDetails } from '../../../workspace/tool-result-details.js';

export interface BackgroundCommand {
  command: string;
  /** Absolute folder to run in. */
  cwd: string;
  /** Undefined: until it ends, is stopped, or the session ends. */
  timeoutMs?: number;
  /** Variables added to Falcon's own environment (a trusted project's `.env`). */
  env?: Readonly<Record<string, string>>;
}

/** Starts a command as one of the session's tasks and answers at once with its id and output file. */
export function startInBackground(options: BackgroundCommand, ctx: ToolContext): ToolResult<TaskStartedDetails> {
  if (!ctx.tasks) throw new ToolError('Background tasks are not available here; run the command without run_in_background.');
  const task = ctx.tasks.start(commandJob(options));
  const follow = `task_output({"task_id": "${task.id}"})`;
  const text = [
    `Started task ${task.id} in the background; its output goes to ${task.outputFile}.`,
    `Read it with ${follow} (add "wait": true to wait for the end); stop it with task_stop({"task_id": "${task.id}"}).`,
    'You will be told when it ends. It is stopped, with every process it started, when the session ends.',
  ].join('\n');
  return { text, details: { kind: 'task_started', taskId: task.id } };
}

function commandJob(options: BackgroundCommand): TaskJob {
  return {
    kind: 'bash',
    label: options.command,
    async run({ signal, write }) {
      const result = await runCommand({ ...options, signal, onOutput: write });
      if (result.timedOut) {
        throw new Error(`timed out after ${Math.round((options.timeoutMs ?? 0) / 1000)} s; it and every process it started were stopped`);
      }
      if (result.exitCode === undefined) throw new Error(`ended by ${result.signal ?? 'a signal'}`);
      return { exitCode: result.exitCode };
    },
  };
}
