import { realpath } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { openAgent } from '../agent/open-agent.js';
import { runHeadless } from '../headless/run-headless.js';
import type { MainOptions } from './main-options.js';
import { customCommandTask } from './custom-command-task.js';
import { chosenPermissionMode } from './permission-mode-option.js';
import { UsageError } from '../kit/command/user-error.js';

/** `falcon -p "task"`: one task, no TUI. Returns the exit code. */
export async function runPromptCommand(options: MainOptions & { prompt: string | true }): Promise<number> {
  if (options.resume === true) throw new UsageError('with -p, --resume needs a session id; /sessions in a session, or falcon --resume, lists them');
  const task = await readTask(options.prompt);
  const mode = chosenPermissionMode(options);
  const projectRoot = await realpath(process.cwd());
  const { agent, warnings } = await openAgent({
    projectRoot,
    env: process.env,
    modelChoice: { provider: options.provider, model: options.model },
    maxTurns: options.maxTurns,
    resume: options.continue ? 'latest' : (options.resume as string | undefined),
    fork: options.fork,
    // Under yolo the front end answers every confirmation itself, as --yes always did: each stays in the event stream.
    permissionMode: mode === 'yolo' ? 'ask' : mode,
  });
  const command = await customCommandTask(task, projectRoot, agent.trustedProject);
  return runHeadless({
    agent,
    task: command.task,
    ...(command.sendOptions && { sendOptions: command.sendOptions }),
    format: options.outputFormat,
    yes: mode === 'yolo',
    warnings: [...warnings, ...command.warnings],
  });
}

async function readTask(prompt: string | true): Promise<string> {
  const task = prompt === true ? (process.stdin.isTTY ? '' : await readStream(process.stdin)) : prompt;
  if (!task.trim()) throw new UsageError('no task given: falcon -p "<task>" (or pipe the task into falcon -p)');
  return task.trim();
}
