import { formatDuration } from '../../engines/testing/report/report-text.js';
import type { TaskInfo } from './task-list.js';

/** `running`, `exit 0`, `exit 1`, `completed`, `failed: timed out after 60 s`, `stopped`. */
export function describeTaskState(task: TaskInfo): string {
  if (task.state === 'running' || task.state === 'stopped') return task.state;
  if (task.exitCode !== undefined) return `exit ${task.exitCode}`;
  return task.state === 'failed' ? `failed: ${task.error ?? 'unknown error'}` : 'completed';
}

/** `task t1 ended (exit 0)`, `task t2 completed`, `task t3 stopped`: the line the user is shown. */
export function describeTaskEnd(task: TaskInfo): string {
  if (task.exitCode !== undefined) return `task ${task.id} ended (exit ${task.exitCode})`;
  return `task ${task.id} ${describeTaskState(task)}`;
}

/** `Task t1 is running (for 3.2 s)`, `Task t1 ended (exit 0) after 3.2 s`, `Task t2 failed after 1 min: …`. */
export function describeTaskStatus(task: TaskInfo, now = Date.now()): string {
  const time = taskRunningTime(task, now);
  if (task.state === 'running') return `Task ${task.id} is running (for ${time})`;
  if (task.exitCode !== undefined) return `Task ${task.id} ended (exit ${task.exitCode}) after ${time}`;
  if (task.state === 'failed') return `Task ${task.id} failed after ${time}: ${task.error ?? 'unknown error'}`;
  return `Task ${task.id} ${task.state} after ${time}`;
}

/** How long it has run, or ran: `850 ms`, `3.2 s`, `4 min 5 s`. */
export function taskRunningTime(task: TaskInfo, now = Date.now()): string {
  return formatDuration((task.endedAt ?? now) - task.startedAt);
}
