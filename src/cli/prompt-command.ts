import { realpath } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { openAgent } from '../agent/open-agent.js';
import { runHeadless } from '../headless/run-headless.js';
import type { OutputFormat } from '../headless/output-format.js';
import { UsageError } from './user-error.js';

export interface PromptCommandOptions {
  prompt?: string | true;
  outputFormat: OutputFormat;
  yes?: boolean;
  continue?: boolean;
  resume?: string;
  maxTurns?: number;
  provider?: string;
  model?: string;
}

/** `falcon -p "task"`: one task, no TUI. Returns the exit code. */
export async function runPromptCommand(options: PromptCommandOptions): Promise<number> {
  if (options.prompt === undefined) {
    throw new UsageError(
      'the interactive session is not available in this version yet; run a task with: falcon -p "<task>"',
    );
  }
  if (options.continue && options.resume) throw new UsageError('use either --continue or --resume, not both');
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
