import { problemGist } from './reply/call-site.js';

/** Failed calls in a row after which a tool is disabled for the rest of the run. */
export const FAILURES_BEFORE_DISABLING = 3;

/**
 * Each tool's failed calls in a row within one run; a call that succeeds starts its count again. A
 * model that keeps calling a broken tool (a server that is down, arguments it cannot get right) wastes
 * turns and window; after the third failure in a row the tool is taken from it for the run.
 */
export class ToolFailureStreaks {
  private readonly streaks = new Map<string, number>();
  private unreadableReplies = 0;

  /** Counts a reply whose call could not be read (or named no tool there is); true from the third in a row. */
  replyUnreadable(): boolean {
    this.unreadableReplies += 1;
    return this.unreadableReplies >= FAILURES_BEFORE_DISABLING;
  }

  /** A reply that was an answer or a call to a known tool: the count of unreadable ones starts again. */
  replyRead(): void {
    this.unreadableReplies = 0;
  }

  isDisabled(tool: string): boolean {
    return (this.streaks.get(tool) ?? 0) >= FAILURES_BEFORE_DISABLING;
  }

  succeeded(tool: string): void {
    this.streaks.delete(tool);
  }

  /** Counts a failure; true when this one disables the tool. */
  failed(tool: string): boolean {
    const streak = (this.streaks.get(tool) ?? 0) + 1;
    this.streaks.set(tool, streak);
    return streak === FAILURES_BEFORE_DISABLING;
  }
}

export function disabledToolNote(tool: string): string {
  return (
    `${tool} has now failed ${FAILURES_BEFORE_DISABLING} calls in a row and is disabled for the rest of this run: ` +
    'it is no longer available. Continue without it, or give your Final Answer saying what failed.'
  );
}

export function disabledToolError(tool: string): string {
  return `Error: ${tool} is disabled for the rest of this run after ${FAILURES_BEFORE_DISABLING} failed calls in a row; it is no longer available.`;
}

/** Why a run ends after the model's calls could not be read again and again. */
export function unreadableRepliesError(problem: string): string {
  return (
    `Stopped: the model's last ${FAILURES_BEFORE_DISABLING} replies held tool calls Falcon could not read ` +
    `(the last: ${problemGist(problem)}). This model may not follow Falcon's call format; ask again, or try another model.`
  );
}
