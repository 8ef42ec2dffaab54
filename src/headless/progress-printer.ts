import { describeCompaction } from '../agent/compaction/describe-compaction.js';
import type { AgentEvent } from '../agent/events.js';
import { problemGist } from '../agent/reply/call-site.js';
import { terminalSafeValue } from '../safety/terminal-text.js';
import { fitLabel, labelOfCall } from '../kit/tool/call-label.js';
import { describeTaskEnd } from '../kit/tool/task-description.js';
import { styleFor } from '../kit/command/terminal-style.js';
import { resultLine, resultTellsDuration } from '../kit/tool/result-facts.js';
import type { ToolResultEvent } from '../workspace/session-events.js';

/** Prints what the agent is doing, a line per step, for a person watching stderr. */
export function createProgressPrinter(stream: NodeJS.WriteStream): (event: AgentEvent) => void {
  const style = styleFor(stream);
  const write = (line: string) => stream.write(`${line}\n`);
  return (untrusted) => {
    const event = terminalSafeValue(untrusted);
    switch (event.type) {
      case 'thought':
        write(style('dim', `· ${firstLine(event.text, 160)}`));
        break;
      case 'call_unreadable':
        // A call that named a tool is printed as that call, failed.
        if (event.tool === undefined)
          write(style('yellow', `⚠ could not read the model's tool call: ${firstLine(problemGist(event.problem), 160)}; asked again`));
        break;
      case 'tool_call':
        write(`${style('cyan', '●')} ${fitLabel(labelOfCall(event))}`);
        break;
      case 'tool_result':
        write(event.ok ? style('green', `  ✓ ${resultSummary(event)}`) : style('red', `  ✗ ${firstLine(event.output, 160)}`));
        break;
      case 'retry':
        write(style('yellow', `↻ retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)} s: ${event.reason}`));
        break;
      case 'compaction':
        write(style('dim', `⇣ ${describeCompaction(event)}`));
        break;
      case 'provider_switch':
        write(style('yellow', `⇄ switching from ${event.from} to ${event.to}: ${event.reason}`));
        break;
      case 'subagent': {
        const step = subagentStep(event);
        if (step) write(style('dim', `  ↳ ${step}`));
        break;
      }
      case 'task_end':
        write(style('dim', `◆ ${describeTaskEnd(event.task)}`));
        break;
      default:
        break;
    }
  };
}

/** `200 OK · 41 ms · 1.2 KB json` as the tool tells it, with the call's time when its facts leave it out; `12 ms` from a tool that tells nothing. */
function resultSummary({ details, durationMs }: ToolResultEvent): string {
  const took = `${durationMs} ms`;
  if (!details) return took;
  return resultTellsDuration(details) ? resultLine(details) : `${resultLine(details)} · ${took}`;
}

/** A sub-agent's start, calls and end, a line each: `scout#1 ● read_file src/app.ts`. */
function subagentStep(event: Extract<AgentEvent, { type: 'subagent' }>): string | undefined {
  const inner = event.event;
  switch (inner.type) {
    case 'run_start':
      return `${event.agent} started: ${firstLine(inner.input, 120)}`;
    case 'tool_call':
      return `${event.agent} ● ${fitLabel(labelOfCall(inner))}`;
    case 'run_end':
      return `${event.agent} ${inner.reason === 'answer' ? 'answered' : `ended (${inner.reason})`}`;
    case 'subagent': {
      const nested = subagentStep(inner);
      return nested && `${event.agent} → ${nested}`;
    }
    default:
      return undefined;
  }
}

function firstLine(text: string, width: number): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}
