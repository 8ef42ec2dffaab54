import { z } from 'zod';
import { describeTaskStatus } from '../../../kit/tool/task-description.js';
import type { TaskList, TaskOutputRead } from '../../../kit/tool/task-list.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';

export const DEFAULT_WAIT_S = 30;
export const MAX_WAIT_S = 600;

const schema = z.strictObject({
  task_id: z.string().min(1).describe('e.g. "t1", as bash run_in_background answered'),
  wait: z.boolean().optional().describe('wait until the task ends (at most timeout_s) before answering'),
  timeout_s: z.number().int().min(1).max(MAX_WAIT_S).optional().describe(`how long to wait, in seconds (default ${DEFAULT_WAIT_S}, at most ${MAX_WAIT_S})`),
});

export const taskOutputTool = defineTool({
  name: 'task_output',
  description: "A background task's state and new output; can wait for its end.",
  schema,
  kind: 'read',
  readOnly: true,
  async run(args, ctx) {
    const tasks = sessionTasks(ctx);
    let waited: number | undefined;
    if (args.wait && tasks.get(args.task_id).state === 'running') {
      const timeoutS = args.timeout_s ?? DEFAULT_WAIT_S;
      ctx.progress(`waiting for task ${args.task_id} to end (at most ${timeoutS} s)`);
      const task = await tasks.wait(args.task_id, timeoutS * 1000, ctx.signal);
      if (task.state === 'running') waited = timeoutS;
    }
    return describeRead(await tasks.read(args.task_id), waited);
  },
});

export function sessionTasks(ctx: ToolContext): TaskList {
  if (!ctx.tasks) throw new ToolError('There are no background tasks here.');
  return ctx.tasks;
}

function describeRead({ task, text, omittedLines }: TaskOutputRead, waitedS: number | undefined): string {
  const status = `${describeTaskStatus(task)}${waitedS === undefined ? '' : `; still running after waiting ${waitedS} s`}: ${task.label}`;
  if (!text) return `${status}\nNo new output since the last read (the whole output: ${task.outputFile}).`;
  const earlier = omittedLines > 0 ? `; ${omittedLines} earlier lines of it are only in ${task.outputFile}` : ` (the whole output: ${task.outputFile})`;
  return `${status}\nOutput since the last read${earlier}:\n${text}`;
}
