import { useInput } from 'ink';
import { useRef, type Dispatch } from 'react';
import type { Agent, AlwaysScope } from '../agent/agent.js';
import { confirmationKey } from './components/confirmation-panel.js';
import type { ViewAction } from './state/reduce-view.js';
import type { ViewState } from './state/view-state.js';

const QUIT_WINDOW_MS = 2000;

export interface SessionKeys {
  agent: Agent;
  state: ViewState;
  dispatch: Dispatch<ViewAction>;
  /** A confirmation or picker is open: Esc belongs to it. */
  panelOpen: boolean;
  /** The confirmation waiting for y / n / a, read at key time (not render time). */
  pendingConfirmation(): { rule?: string } | undefined;
  /** After `a`: whether the choice between "this session" and "this project" is shown, read at key time. */
  choosingScope(): boolean;
  chooseScope(): void;
  answerConfirmation(approved: boolean, always: AlwaysScope | false): void;
  /** Shift+Tab: the next permission mode. */
  cyclePermissionMode(): void;
  /** Aborts the slash command under way; false when none is. */
  cancelCommand(): boolean;
  clearScreen(): void;
  toggleThoughts(): void;
  exit(): void;
}

/** The session's own keys; the input box ignores these. */
export function useSessionKeys(keys: SessionKeys): void {
  const quitArmedAt = useRef(0);
  useInput((input, key) => {
    // Terminals send Shift+Tab as ESC [ Z, which Ink reads as tab with shift.
    if (key.tab && key.shift) return keys.cyclePermissionMode();
    const pending = keys.pendingConfirmation();
    if (!key.ctrl && pending) {
      // The confirmation panel answers these too; whichever sees the key first wins, once.
      const answer = confirmationKey(input, key, { choosingScope: keys.choosingScope(), canChooseScope: pending.rule !== undefined });
      if (answer === 'choose_scope') keys.chooseScope();
      else if (answer) keys.answerConfirmation(answer.approved, answer.always);
      return;
    }
    if (key.escape && !keys.panelOpen) {
      if (keys.cancelCommand()) return;
      if (keys.agent.busy) return keys.agent.cancel();
    }
    if (!key.ctrl) return;
    switch (input) {
      case 'c': {
        if (Date.now() - quitArmedAt.current < QUIT_WINDOW_MS) return keys.exit();
        quitArmedAt.current = Date.now();
        if (keys.agent.busy) keys.agent.cancel();
        return keys.dispatch({ type: 'notice', tone: 'info', text: 'Press Ctrl-C again to quit.' });
      }
      case 'l':
        return keys.clearScreen();
      case 'o':
        return keys.dispatch({ type: 'expand_last_observation' });
      case 't':
        return keys.toggleThoughts();
      case 'y': {
        const answer = lastAnswer(keys.state);
        if (!answer) return keys.dispatch({ type: 'notice', tone: 'info', text: 'No answer to copy yet.' });
        copyToClipboard(answer);
        return keys.dispatch({ type: 'notice', tone: 'info', text: 'Copied the last answer to the clipboard.' });
      }
    }
  });
}

/** The last answer, whole: a long answer may have been moved into the transcript in parts. */
function lastAnswer(state: ViewState): string | undefined {
  const parts: string[] = [];
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i]!;
    if (entry.kind !== 'answer') {
      if (parts.length) break;
      continue;
    }
    if (parts.length && !entry.continues) break;
    parts.unshift(entry.text);
  }
  return parts.length ? parts.join('\n\n') : undefined;
}

/** Copies through the terminal (OSC 52), which also works over SSH and inside tmux with set-clipboard on. */
function copyToClipboard(text: string): void {
  process.stdout.write(`\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`);
}
