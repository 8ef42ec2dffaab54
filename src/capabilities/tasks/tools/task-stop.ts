import { z } from 'zod';
import { describeTaskStatus } from '../../../kit/tool/task-description.js';
import { sessionTasks } from './task-output.js';
import { defineTool } from '../../../kit/tool/tool.js';

const schema = z.strictObject({
  task_id: z.string().min(1).describe('e.g. "t1"'),
});

export const taskStopTool = defineTool({
  name: 'task_stop',
  description: 'Stop a background task.',
  schema,
  kind: 'exec',
  async run(args, ctx) {
    const tasks = sessionTasks(ctx);
    const wasRunning = tasks.get(args.task_id).state === 'running';
    const task = await tasks.stop(args.task_id);
    if (!wasRunning) return `${describeTaskStatus(task)}, before this call; nothing to stop: ${task.label}`;
    const how = task.state === 'stopped' ? 'Stopped it and every process it started' : 'It ended by itself meanwhile';
    return `${describeTaskStatus(task)}: ${task.label}\n${how}. Its output: ${task.outputFile}.`;
  },
});
