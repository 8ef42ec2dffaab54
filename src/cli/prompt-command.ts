import { realpath } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { openAgent } from '../agent/open-agent.js';
import { runHeadless } from '../headless/run-headless.js';
import type { MainOptions } from './main-options.js';
import { UsageError } from './user-error.js';

/** `falcon -p "task"`: one task, no TUI. Returns the exit code. */
export async function runPromptCommand(options: MainOptions & { prompt: string | true }): Promise<number> {
  const task = await readTask(options.prompt);
  const { agent, warnings } = await openAgent({
    projectRoot: await realpath(process.cwd()),
    env: process.env,
    modelChoice: { provider: options.provider, model: options.model },
    maxTurns: options.maxTurns,
    resume: options.continue ? 'latest' : options.resume,
  });
  return runHeadless({ agent, task, format: options.outputFormat, yes: options.yes === true, warnings });
}

async function readTask(prompt: string | true): Promise<string> {
  const task = prompt === true ? (process.stdin.isTTY ? '' : await readStream(process.stdin)) : prompt;
  if (!task.trim()) throw new UsageError('no task given: falcon -p "<task>" (or pipe the task into falcon -p)');
  return task.trim();
}
