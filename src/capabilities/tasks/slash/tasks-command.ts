import { taskRunningTime } from '../../../kit/tool/task-description.js';
import type { TaskInfo } from '../../../kit/tool/task-list.js';
import type { SlashCommand } from '../../../kit/slash/slash-command.js';

export const tasksCommand: SlashCommand = {
  name: 'tasks',
  description: 'the background tasks of this session: state, running time, exit code, output file',
  async run(context) {
    const tasks = context.agent.tasks;
    if (tasks.length === 0) {
      context.show({ type: 'notice', tone: 'info', text: 'No background tasks in this session yet (bash with run_in_background starts one).' });
      return;
    }
    const now = Date.now();
    const header = row('id', 'state', 'time', 'exit', 'command');
    const lines = tasks.flatMap((task) => describeTask(task, now));
    const running = tasks.filter((task) => task.state === 'running').length;
    context.show({ type: 'output', title: `Tasks (${running} running of ${tasks.length})`, text: [header, ...lines].join('\n'), format: 'text' });
  },
};

function describeTask(task: TaskInfo, now: number): string[] {
  const exit = task.exitCode === undefined ? '' : String(task.exitCode);
  return [
    row(task.id, task.state, taskRunningTime(task, now), exit, firstLine(task.label)),
    ...(task.error ? [`${INDENT}error: ${task.error}`] : []),
    `${INDENT}output: ${task.outputFile}`,
  ];
}

const INDENT = ' '.repeat(5);

function row(id: string, state: string, time: string, exit: string, command: string): string {
  return `${id.padEnd(4)} ${state.padEnd(10)} ${time.padEnd(10)} ${exit.padEnd(5)} ${command}`;
}

/** A command of several lines, on one row. */
function firstLine(text: string): string {
  const [first = '', ...rest] = text.split('\n');
  return rest.length ? `${first} …` : first;
}
