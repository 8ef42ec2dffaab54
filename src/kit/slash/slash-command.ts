import type { ManagedServer } from '../../engines/api-server/managed-server.js';
import type { SessionCheckpoints } from '../../engines/checkpoints/session-checkpoints.js';
import type { SessionRecord } from '../../workspace/session-store.js';
import type { EngineContext } from '../tool/engine-context.js';
import type { TaskInfo } from '../tool/task-list.js';
import type { AnyTool } from '../tool/tool.js';
import type { PickerRequest, QuestionRequest } from './slash-requests.js';

/** What a capability's slash command reads and does of the session's agent (the Agent is one). */
export interface SessionAgent {
  readonly sessionId: string;
  /** A run is going on. */
  readonly busy: boolean;
  readonly tools: readonly AnyTool[];
  readonly callCounts: ReadonlyMap<string, number>;
  readonly tasks: readonly TaskInfo[];
  readonly environment: string | undefined;
  readonly apiServer: ManagedServer | undefined;
  readonly checkpoints: SessionCheckpoints | undefined;
  useEnvironment(name: string): Promise<void>;
  /** What a slash command reaches an engine with; `signal` stops the work. */
  engineContext(signal?: AbortSignal): EngineContext;
  sessionRecords(): Promise<readonly SessionRecord[]>;
  rewindConversation(message: number): void;
  /** Adds a message the running turn reads before its next step. */
  steer(text: string): void;
}

/** How a message's run may be narrowed: the tools it may call without asking, its model. */
export interface SendOptions {
  allow?: readonly string[];
  model?: string;
}

/** What a slash command shows in the transcript. */
export type SlashShown =
  | { type: 'notice'; tone: 'info' | 'warning' | 'error'; text: string }
  | { type: 'output'; title: string; text: string; format: 'text' | 'markdown' | 'json' | 'diff' };

/** What a slash command may do to the session it runs in; the session's own commands see the whole Agent. */
export interface SlashContext<Session extends SessionAgent = SessionAgent> {
  agent: Session;
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  /** The text after the command name, trimmed. */
  args: string;
  /** Aborted when the user presses Esc while the command runs. */
  signal: AbortSignal;
  show(shown: SlashShown): void;
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

export interface SlashCommand<Session extends SessionAgent = SessionAgent> {
  name: string;
  description: string;
  usage?: string;
  run(context: SlashContext<Session>): Promise<void>;
}
