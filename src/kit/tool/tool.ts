import type { z } from 'zod';
import type { Preview } from './preview.js';
import type { ManagedServer } from '../../engines/api-server/managed-server.js';
import type { ChatModel } from '../../llm/chat-model.js';
import type { SessionState } from './session-state.js';
import type { Subagents } from './subagents.js';
import type { TaskList } from './task-list.js';
import { describeArguments } from './call-label.js';
import type { CallFacts, CallInHistory } from './call-facts.js';
import type { EngineContext } from './engine-context.js';
import { NO_TARGET, type TargetOf } from './tool-target.js';
import type { RunOutcome } from './tool-result.js';

export type ToolKind = 'read' | 'write' | 'exec' | 'network' | 'long';

/** The kinds of work `models:` in the config routes to its own model: short lookups, or careful reasoning. */
export type ModelCategory = 'quick' | 'deep';

/**
 * What a tool may use while it runs. No tool reads global state. It is an `EngineContext`: a tool
 * reaches an engine through the same function a slash command does, with this context.
 */
export interface ToolContext extends EngineContext {
  /** Falcon's own folder (`$FALCON_HOME` or `~/.falcon`): remembered facts live there. */
  falconHome: string;
  progress(message: string): void;
  /**
   * The folder is in `trusted_folders`: its files may choose the API under test (the active
   * environment's BASE_URL is then requested without asking), and its `.env` reaches commands.
   */
  trustedProject: boolean;
  /** Variables a trusted project's `.env` adds to the environment of the commands tools run. */
  commandEnv?: Readonly<Record<string, string>>;
  /** What tools remember between calls in this session (responses, cookies, files read, …). */
  session: SessionState;
  /** The current model, for the few tools that think. */
  model?: ChatModel;
  /** The model `models:` routes a category of work to; the session's model where the category is unset. */
  modelFor?(category: ModelCategory): ChatModel;
  /**
   * Asks the user to approve a further step of a running tool (auto_fix's edit), through the same
   * permission rules, hooks and confirmation as a tool call. Absent where nobody can be asked.
   */
  approve?(tool: string, preview: Preview): Promise<boolean>;
  /**
   * A further request of a running tool judged as a call of `tool` with `args` (a redirect's next
   * hop: `{method, url}`): the permission policy and pre_tool_use hooks, then — when `preview` is
   * given — the approval as for `approve`. Resolves undefined to go on, else the refusal to report.
   * Absent where neither rules nor a person can be consulted.
   */
  allowStep?(tool: string, args: Record<string, unknown>, preview?: Preview): Promise<string | undefined>;
  /**
   * For tools that read or list many files in one call (search_code, glob, list_files, a folder in
   * read_file): the deny rule that keeps this project file from being read — a `read_file` rule or
   * one of the tool's own, on its path or its real path — or undefined. Absent where no rules apply.
   */
  readDenied?(file: string): string | undefined;
  /** The session's background tasks (bash's `run_in_background`, background sub-agents). Absent outside a session. */
  tasks?: TaskList;
  /** Runs sub-agents (the subagent tool): each a conversation of its own. Absent where none may run. */
  subagents?: Subagents;
  /** The API's server as `server:` in `.falcon/config.yaml` starts it; absent when none is configured. */
  apiServer?: ManagedServer;
}

/** A secret the model typed into a call's arguments, with the label its mask shows; `username` makes it a Basic pair's password. */
export interface SecretArgument {
  value: string;
  label: string;
  username?: string;
}

/**
 * A tool: what the model may call, what it declares of its calls (the rules, plan mode, the screen
 * and compaction read these, never a table of names), and its run. `Outcome`: what its run resolves
 * to — its text, or a `ToolResult` whose details are of the kinds it declares (`ToolResult<FileReadDetails>`).
 */
export interface Tool<Schema extends z.ZodType = z.ZodType, Outcome extends RunOutcome = RunOutcome> {
  name: string;
  /** One line, for the prompt's tool reference. */
  description: string;
  schema: Schema;
  kind: ToolKind;
  /** Calls allowed per run unless `.falcon/config.yaml` `tool_limits` says otherwise. */
  callLimit: number;
  /**
   * Deferred: the prompt lists only its name (an MCP server's: and description); the model gets its parameters from
   * `tool_search`, or with the error of a call whose arguments are wrong. Set in registry.ts.
   */
  deferred?: boolean;
  /** What the prompt lists a deferred tool of Falcon's under, by name only ("tests from the spec"). Set in registry.ts. */
  group?: string;
  /**
   * What the user must approve before `run` is called; undefined when this call needs no approval
   * (a request to the API under test, a note that shapes nothing). Absent: no call needs approval.
   */
  preview?(args: z.infer<Schema>, ctx: ToolContext): Promise<Preview | undefined>;
  /**
   * Whether a call only reads, for plan mode, which runs nothing else: it writes no file, report,
   * baseline, remembered fact or saved setting, starts no command, task, listener or sub-agent that
   * outlives it, and sends no request but GET, HEAD or OPTIONS. `true`: every call only reads. A
   * function: what this call does beyond reading (`sends a POST request`), or undefined when it only
   * reads. Absent: plan mode refuses the tool — a tool is read-only only by saying so.
   */
  readOnly?: true | ((args: z.infer<Schema>) => string | undefined);
  /**
   * What permission rules `tool(pattern)` match in a call: its path, command or URL as written
   * (`pathTarget('path')`, `commandTarget('command')`, `urlTarget('url')` of `tool-target.ts`).
   * Default: none, and only bare rules (`tool`) match the tool's calls.
   */
  target: TargetOf;
  /**
   * The call as one line, starting with the tool's name: what the TUI, headless progress and
   * sub-agent lines show of it (the `label` of the `tool_call` event). Called with the arguments as
   * written, before they are checked. Default: the name and the string and number arguments.
   */
  describe(args: Record<string, unknown>): string;
  /** For a tool whose preview is sometimes undefined: when the user is asked, for the prompt's reference. */
  approvalWhen?: string;
  /**
   * The secrets among the arguments as the model wrote them (not yet checked against the schema):
   * registered before the call is shown, recorded or run, so that no event, message or session
   * file holds them in clear.
   */
  secretArguments?(args: Record<string, unknown>): SecretArgument[];
  /**
   * This tool reads one project file by its path (read_file): a deny rule on it (`read_file(.env*)`)
   * also keeps those files from every tool that reads or lists many at once (`ToolContext.readDenied`).
   */
  fileReader?: true;
  /**
   * What a compaction checkpoint names of a call (files read or changed, requests sent, variables
   * set, tools loaded), from the call as the conversation keeps it: its arguments as written and the
   * observation. Absent: the call adds no facts.
   */
  facts?(call: CallInHistory): CallFacts;
  /**
   * Runs the call: resolves to its result — `text`, the observation the model reads (short, numbers
   * first), and `details` for the screen — or to the text alone when there is nothing more to show.
   * Throw ToolError for expected failures. Every session loads every tool's definition before its
   * first model request, so a tool loads its engines where they are used (`await import()` in run or
   * preview), not at the top of its module.
   */
  run(args: z.infer<Schema>, ctx: ToolContext): Promise<Outcome>;
}

/** An expected failure whose message is the whole observation (no stack, no prefix noise). */
export class ToolError extends Error {
  override name = 'ToolError';
}

export const DEFAULT_CALL_LIMIT = 25;

export function defineTool<Schema extends z.ZodType, Outcome extends RunOutcome = RunOutcome>(
  tool: Omit<Tool<Schema, Outcome>, 'callLimit' | 'target' | 'describe'> & Partial<Pick<Tool<Schema, Outcome>, 'callLimit' | 'target' | 'describe'>>,
): Tool<Schema, Outcome> {
  return {
    ...tool,
    callLimit: tool.callLimit ?? DEFAULT_CALL_LIMIT,
    target: tool.target ?? NO_TARGET,
    describe: tool.describe ?? ((args) => describeArguments(tool.name, args)),
  };
}

// Tools of different schemas and results live together in one registry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, RunOutcome>;
