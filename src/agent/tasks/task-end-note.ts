import { describeTaskEnd, taskRunningTime } from '../../kit/tool/task-description.js';
import type { TaskInfo } from '../../kit/tool/task-list.js';

/** How the follow-up message about a task starts: a resumed transcript shows the task's notice instead. */
export const TASK_NOTE_PREFIX = '[Background ';

const NOTE_LINES = 10;

/**
 * The follow-up message that tells the model a task it started has ended: how, the last lines of
 * its output, and where the rest is.
 */
export function taskEndNote(task: TaskInfo, lastLines: string): string {
  const lines = lastLines.split('\n').slice(-NOTE_LINES).join('\n');
  return [
    `${TASK_NOTE_PREFIX}${describeTaskEnd(task)} after ${taskRunningTime(task)}: ${task.label}]`,
    lines.trim() ? `Its last lines:\n${lines}` : 'It wrote no output.',
    `Its whole output: task_output({"task_id": "${task.id}"}), or the file ${task.outputFile}.`,
  ].join('\n');
}
