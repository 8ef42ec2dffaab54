import { useRef, type Dispatch } from 'react';
import type { Agent } from '../agent/agent.js';
import type { AlwaysChoice } from '../agent/approval/permissions/always-choices.js';
import { type AlwaysPick, alwaysOptions } from './components/always-options.js';
import { KEY_TABLE, readKey, type SessionAction } from './keys/key-table.js';
import type { ViewAction } from './state/reduce-view.js';
import type { ViewState } from './state/view-state.js';
import { useKeys } from './keys/use-keys.js';

const QUIT_WINDOW_MS = 2000;

export interface SessionKeys {
  agent: Agent;
  state: ViewState;
  dispatch: Dispatch<ViewAction>;
  /** A confirmation or picker is open: Esc belongs to it. */
  panelOpen: boolean;
  /** The confirmation waiting for y / n / a, read at key time (not render time). */
  pendingConfirmation(): { always: readonly AlwaysChoice[] } | undefined;
  /** After `a`: whether the confirmation lists what "always" may allow, read at key time. */
  choosingAlways(): boolean;
  chooseAlways(): void;
  answerConfirmation(approved: boolean, always: AlwaysPick | false): void;
  /** Shift+Tab: the next permission mode. */
  cyclePermissionMode(): void;
  /** Aborts the slash command under way; false when none is. */
  cancelCommand(): boolean;
  clearScreen(): void;
  /** Ctrl-O: folded approvals and tool output shown whole in the transcript, or folded again. */
  toggleExpanded(): void;
  toggleThoughts(): void;
  /** Whether the message being written is empty, read at key time. */
  inputEmpty(): boolean;
  /** Esc Esc on an empty input while Falcon is idle: /rewind. */
  rewind(): void;
  /** Told when one esc has armed /rewind (the status bar says so) and when that ends. */
  rewindArmed(armed: boolean): void;
  exit(): void;
}

/** The session's own keys (the key table's `session` rows); the input box ignores these. */
export function useSessionKeys(keys: SessionKeys): void {
  const quitArmedAt = useRef(0);
  // Esc once on an empty, idle input arms /rewind; Esc again opens it, any other key disarms it.
  const rewindArmed = useRef(false);
  const handlers: Record<SessionAction, () => void> = {
    cycle_mode: () => keys.cyclePermissionMode(),
    interrupt: () => {
      if (keys.panelOpen || keys.cancelCommand()) return;
      if (keys.agent.busy) return keys.agent.cancel();
      if (!keys.inputEmpty()) return;
      rewindArmed.current = !rewindArmed.current;
      keys.rewindArmed(rewindArmed.current);
      if (!rewindArmed.current) keys.rewind();
    },
    quit: () => {
      if (Date.now() - quitArmedAt.current < QUIT_WINDOW_MS) return keys.exit();
      quitArmedAt.current = Date.now();
      if (keys.agent.busy) keys.agent.cancel();
      keys.dispatch({ type: 'notice', tone: 'info', text: 'Press Ctrl-C again to quit.' });
    },
    clear_screen: () => keys.clearScreen(),
    expand: () => keys.toggleExpanded(),
    toggle_thoughts: () => keys.toggleThoughts(),
    copy_answer: () => {
      const answer = lastAnswer(keys.state);
      if (!answer) return keys.dispatch({ type: 'notice', tone: 'info', text: 'No answer to copy yet.' });
      copyToClipboard(answer);
      keys.dispatch({ type: 'notice', tone: 'info', text: 'Copied the last answer to the clipboard.' });
    },
  };
  useKeys({
    onKey: (input, key) => {
      const action = readKey(KEY_TABLE.session, input, key, undefined);
      if (action !== 'interrupt' && rewindArmed.current) {
        rewindArmed.current = false;
        keys.rewindArmed(false);
      }
      if (action === 'cycle_mode') return handlers.cycle_mode();
      const pending = keys.pendingConfirmation();
      if (!key.ctrl && pending) {
        // The confirmation panel answers these too; whichever sees the key first wins, once.
        const state = { choosing: keys.choosingAlways(), options: alwaysOptions(pending.always) };
        const answer = readKey(KEY_TABLE.confirmation, input, key, state);
        if (answer === 'choose_always') keys.chooseAlways();
        else if (answer && !('scroll' in answer)) keys.answerConfirmation(answer.approved, answer.always);
        return;
      }
      if (action) handlers[action]();
    },
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
