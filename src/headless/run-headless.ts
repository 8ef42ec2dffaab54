import type { AgentEvent } from '../agent/events.js';
import type { Agent } from '../agent/agent.js';
import type { UsageTotals } from '../agent/usage/usage-totals.js';
import type { SendOptions } from '../kit/slash/slash-command.js';
import type { RunSummary } from '../agent/run-loop.js';
import type { TaskInfo } from '../kit/tool/task-list.js';
import { terminalSafeJson, terminalSafeText } from '../safety/terminal-text.js';
import type { OutputFormat } from './output-format.js';
import { ENDING_SIGNALS, type EndingSignal, exitCodeForSignal, handleEndingSignals } from '../kit/command/ending-signals.js';
import { exitCodeFor } from './exit-codes.js';
import { createModelWaitReporter } from './model-wait-reporter.js';
import { createProgressPrinter } from './progress-printer.js';
import { askOnTerminal } from './terminal-confirmation.js';
import { styleFor } from '../kit/command/terminal-style.js';

export interface HeadlessOptions {
  agent: Agent;
  task: string;
  /** The run's extra allow rules and model (a custom command's). */
  sendOptions?: SendOptions;
  format: OutputFormat;
  /** Approve every confirmation. Without it a terminal is asked, and anything else declines. */
  yes: boolean;
  warnings: string[];
}

/**
 * Runs one task without the TUI and returns the process exit code. What the model, tools and
 * servers said is printed terminal-safe: as text with its control characters shown, or as JSON
 * with them escaped.
 */
export async function runHeadless(options: HeadlessOptions): Promise<number> {
  const { agent, format } = options;
  const stdout = process.stdout;
  const stderr = process.stderr;
  const errors: string[] = [];
  const warn = (warning: string) => stderr.write(`${styleFor(stderr)('yellow', 'warning:')} ${terminalSafeText(warning)}\n`);
  options.warnings.forEach(warn);

  if (format === 'stream-json') {
    writeLine({ type: 'session', sessionId: agent.sessionId, ...agent.currentModel });
    agent.subscribe(writeLine);
  }
  if (format === 'text' && stderr.isTTY) {
    agent.subscribe(createProgressPrinter(stderr));
    agent.subscribe(createModelWaitReporter((line) => stderr.write(`${styleFor(stderr)('dim', line)}\n`)));
  }
  agent.subscribe((event) => {
    if (event.type === 'error') errors.push(event.message);
    if (event.type === 'confirmation_required') void answerConfirmation(event);
    // stream-json has it as an event line.
    if (event.type === 'warning' && format !== 'stream-json') warn(event.message);
  });

  let endedBy: EndingSignal | undefined;
  const stopHandlingSignals = handleEndingSignals(ENDING_SIGNALS, (signal) => {
    endedBy = signal;
    agent.cancel();
  });
  let summary: RunSummary;
  let stoppedTasks: TaskInfo[];
  try {
    summary = await agent.send(options.task, options.sendOptions);
  } finally {
    stopHandlingSignals();
    stoppedTasks = await endSession(agent);
  }

  if (format === 'json') {
    writeLine({
      answer: summary.answer ?? null,
      sessionId: agent.sessionId,
      turns: summary.turns,
      toolCalls: summary.toolCalls,
      usage: tokensOf(agent.usage.total),
      cost_usd: agent.usage.total.costUsd,
      context: agent.contextUsage ?? null,
      reason: summary.reason,
      ...(errors.length ? { errors } : {}),
    });
  }
  if (format === 'text') {
    if (summary.answer !== undefined) stdout.write(`${terminalSafeText(summary.answer)}\n`);
    for (const message of errors) stderr.write(`falcon: ${terminalSafeText(message)}\n`);
    if (summary.reason === 'cancelled') stderr.write('falcon: interrupted; the session is saved.\n');
  }
  if (stoppedTasks.length) stderr.write(`falcon: ${terminalSafeText(describeStoppedTasks(stoppedTasks))}\n`);
  return endedBy ? exitCodeForSignal(endedBy) : exitCodeFor(summary.reason);

  function writeLine(value: AgentEvent | Record<string, unknown>): void {
    stdout.write(`${terminalSafeJson(value)}\n`);
  }

  async function answerConfirmation(event: Extract<AgentEvent, { type: 'confirmation_required' }>) {
    const interactive = process.stdin.isTTY === true && stderr.isTTY === true;
    const unattendedAnswer = event.preview.kind === 'command' && event.preview.yesWhenUnattended === true;
    const approved = options.yes || (interactive ? await askOnTerminal(event.title, event.preview, new AbortController().signal) : unattendedAnswer);
    agent.respond(event.id, approved);
  }
}

/** Disposes of the agent; resolves with the background tasks that were still running and were stopped. */
async function endSession(agent: Agent): Promise<TaskInfo[]> {
  const running = new Set(agent.tasks.filter((task) => task.state === 'running').map((task) => task.id));
  await agent.dispose();
  return agent.tasks.filter((task) => running.has(task.id) && task.state === 'stopped');
}

function describeStoppedTasks(tasks: readonly TaskInfo[]): string {
  const named = tasks.map((task) => `${task.id} (${task.label})`).join(', ');
  return `stopped ${tasks.length === 1 ? 'background task' : `${tasks.length} background tasks`} still running at the end of the session: ${named}`;
}

/** The session's tokens, cached and cache-written ones among the input. */
function tokensOf({ inputTokens, outputTokens, cachedInputTokens, cacheWriteTokens }: UsageTotals) {
  return { inputTokens, outputTokens, cachedInputTokens, cacheWriteTokens };
}
