import type { Agent, SendOptions } from '../../agent/agent.js';
import type { ViewAction } from '../state/reduce-view.js';
import type { PickerRequest } from './picker.js';
import type { QuestionRequest } from './question.js';

/** What a slash command may do to the session it runs in. */
export interface SlashContext {
  agent: Agent;
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  /** The text after the command name, trimmed. */
  args: string;
  /** Aborted when the user presses Esc while the command runs. */
  signal: AbortSignal;
  show(action: ViewAction): void;
  /** Opens a picker in place of the input; resolves with the choice, or undefined when cancelled. */
  pick<T>(request: PickerRequest<T>): Promise<T | undefined>;
  /** Asks for a line of text in place of the input; resolves with the answer, or undefined when cancelled. */
  ask(request: QuestionRequest): Promise<string | undefined>;
  /** Adds text to the next message the user sends (e.g. an attached flow). */
  attach(label: string, text: string): void;
  /** Replaces the conversation: a new session, or a saved one by id; `notes` are shown at its top. */
  openSession(sessionId?: string, notes?: readonly string[]): Promise<void>;
  /**
   * Sends a message as if typed (`@path` attached), its run with `options` (a custom command's tools
   * and model); the transcript shows `shown` in its place.
   */
  send(text: string, options?: SendOptions, shown?: string): Promise<void>;
  clearScreen(): void;
  exit(): void;
}

export interface SlashCommand {
  name: string;
  description: string;
  usage?: string;
  run(context: SlashContext): Promise<void>;
}
