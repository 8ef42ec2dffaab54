import type { ToolCallEvent } from '../../workspace/session-events.js';

/**
 * `Tool.describe`'s default: the tool's name, then its string and number arguments in the order
 * written, on one line (`http_request GET http://localhost:3000/users`).
 */
export function describeArguments(name: string, args: unknown): string {
  const summary = args && typeof args === 'object' ? summarizeArgs(args as Record<string, unknown>) : '';
  return summary ? `${name} ${summary}` : name;
}

/** A label cut to `width` columns (a progress line's 100 by default), `…` marking the cut. */
export function fitLabel(label: string, width = 100): string {
  return label.length > width ? `${label.slice(0, width - 1)}…` : label;
}

function summarizeArgs(args: Record<string, unknown>): string {
  return Object.values(args)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => String(value).replace(/\s+/g, ' '))
    .join(' ');
}

/** The label a `tool_call` event carries; for one from a session file written before labels, the default. */
export function labelOfCall(event: Pick<ToolCallEvent, 'name' | 'args' | 'label'>): string {
  return event.label ?? describeArguments(event.name, event.args);
}
