import { useRef, useState, type Dispatch } from 'react';
import type { Agent } from '../agent/agent.js';
import { type AlwaysPick, describeAlwaysPick } from './components/always-options.js';
import type { ViewAction } from './state/reduce-view.js';
import type { PendingConfirmation } from './state/view-state.js';

export interface ConfirmationAnswers {
  /** The confirmation waiting for y / n / a, read at key time (not render time). */
  pending(): PendingConfirmation | undefined;
  /** The id of the confirmation listing what "always" may allow (after `a`), for rendering. */
  alwaysChoiceFor: string | undefined;
  /** Whether the waiting confirmation lists what "always" may allow, read at key time. */
  choosingAlways(): boolean;
  /** `a`: list what "always" may allow. */
  chooseAlways(): void;
  /** Answers the waiting confirmation once (a second key for it is ignored) and records the decision in the transcript. */
  answer(approved: boolean, always: AlwaysPick | false): void;
}

/** The confirmation on screen and the user's answer to it, sent to the agent. */
export function useConfirmation(agent: Agent, shown: PendingConfirmation | undefined, dispatch: Dispatch<ViewAction>): ConfirmationAnswers {
  // Read by key handlers that may still be the previous render's: Ink re-registers them only
  // after the screen already shows the panel, and a quick "y" must not be lost or typed.
  const confirmation = useRef(shown);
  confirmation.current = shown;
  const answered = useRef(new Set<string>());
  // The confirmation that lists what "always" may allow (after `a`); a ref for the same reason.
  const [alwaysChoiceFor, setAlwaysChoiceFor] = useState<string>();
  const alwaysChoice = useRef<string | undefined>(undefined);

  const answer = (approved: boolean, always: AlwaysPick | false) => {
    const pending = confirmation.current;
    if (!pending || answered.current.has(pending.id)) return;
    answered.current.add(pending.id);
    agent.respond(pending.id, approved, always ? { always: always.scope, choice: always.choice } : {});
    const title = approved && always ? `${pending.title} (and always: ${describeAlwaysPick(pending.always, always)})` : pending.title;
    dispatch({ type: 'decision', id: pending.id, title, approved, ...(approved && { preview: pending.preview }) });
  };

  const chooseAlways = () => {
    const pending = confirmation.current;
    if (!pending) return;
    alwaysChoice.current = pending.id;
    setAlwaysChoiceFor(pending.id);
  };

  return {
    pending: () => confirmation.current,
    alwaysChoiceFor,
    choosingAlways: () => confirmation.current !== undefined && alwaysChoice.current === confirmation.current.id,
    chooseAlways,
    answer,
  };
}
