import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Preview } from '../../../kit/tool/preview.js';
import type { StoppedProcess } from '../../../engines/exec/command-processes.js';
import { type CommandResult, runCommand } from '../../../engines/exec/run-command.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { type ProjectPath, resolveInsideProject } from '../../../safety/project-path.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { commandTarget } from '../../../kit/tool/tool-target.js';
import { maskText } from '../../../safety/mask-text.js';
import { startInBackground } from './background-command.js';

export const DEFAULT_TIMEOUT_MS = 2 * 60_000;
export const MAX_TIMEOUT_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 500;
const SHOWN_PROCESSES = 5;

const schema = z.strictObject({
  command: z.string().min(1).describe('e.g. "npm test -- users"'),
  timeout_ms: z
    .number()
    .int()
    .min(1000)
    .max(MAX_TIMEOUT_MS)
    .optional()
    .describe(`stop it after this many ms (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS})`),
  cwd: z.string().optional().describe('folder to run in, relative to the project root'),
  run_in_background: z.boolean().optional().describe('return at once with a task id (servers, long runs)'),
});

type BashArgs = z.infer<typeof schema>;

export const bashTool = defineTool({
  name: 'bash',
  description: 'Run a shell command in the project (tests, builds, git); answers with the exit code and the end of its output.',
  schema,
  kind: 'exec',
  target: commandTarget('command'),
  async preview(args, ctx): Promise<Preview> {
    const folder = await resolveFolder(args, ctx);
    return { kind: 'command', command: args.command, cwd: folder.relative, ...(args.run_in_background && { background: true as const }) };
  },
  async run(args, ctx) {
    const folder = await resolveFolder(args, ctx);
    if (args.run_in_background) return startInBackground({ command: args.command, cwd: folder.absolute, timeoutMs: args.timeout_ms, env: ctx.commandEnv }, ctx);
    const timeoutMs = args.timeout_ms ?? DEFAULT_TIMEOUT_MS;
    let lastProgress = 0;
    const result = await runCommand({
      command: args.command,
      cwd: folder.absolute,
      timeoutMs,
      signal: ctx.signal,
      env: ctx.commandEnv,
      onOutput(text) {
        const now = Date.now();
        const line = text.trim().split('\n').at(-1)?.trim();
        if (!line || now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        ctx.progress(maskText(line.slice(0, 200)));
      },
    });
    return maskText(describeResult(result, timeoutMs));
  },
});

async function resolveFolder(args: BashArgs, ctx: ToolContext): Promise<ProjectPath> {
  const folder = await resolveInsideProject(ctx.projectRoot, args.cwd ?? '.');
  if (!(await stat(folder.absolute)).isDirectory()) throw new ToolError(`cwd must be a folder: ${folder.relative} is a file`);
  return folder;
}

function describeResult(result: CommandResult, timeoutMs: number): string {
  const duration = formatDuration(result.durationMs);
  const status = result.timedOut
    ? `Timed out after ${duration} (timeout_ms ${timeoutMs}); the command and every process it started were stopped`
    : result.exitCode !== undefined
      ? `Exit code ${result.exitCode} in ${duration}`
      : `Ended by ${result.signal ?? 'a signal'} in ${duration}`;
  const notes = result.stoppedLeftovers.length
    ? [
        `Processes it left running in the background were stopped: ${describeProcesses(result.stoppedLeftovers)}. ` +
          'bash cannot keep a server running; ask the user to start it.',
      ]
    : [];
  if (!result.output) return [status, ...notes, '(no output)'].join('\n');
  const shownLines = result.output.split('\n').length;
  const omitted = result.omittedLines > 0 ? [`… ${result.omittedLines} earlier lines not shown; the last ${shownLines}:`] : [];
  return [status, ...notes, ...omitted, result.output].join('\n');
}

/** `sleep 301 (pid 1234), sleep 302 (pid 1240)`, the first few of many. */
function describeProcesses(processes: StoppedProcess[]): string {
  const shown = processes
    .slice(0, SHOWN_PROCESSES)
    .map((stopped) => (stopped.command === undefined ? `process group ${stopped.pid}` : `${stopped.command} (pid ${stopped.pid})`));
  const more = processes.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
