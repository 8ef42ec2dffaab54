import type { EmitEvent } from '../events.js';
import type { Preview } from '../../tools/preview.js';
import type { AnyTool, ToolContext } from '../../tools/tool.js';
import type { CallCheckpoints } from '../call-checkpoints.js';
import type { ToolFailureStreaks } from '../tool-failure-streaks.js';
import type { CallGuard } from './call-guard.js';
import type { AlwaysChoice } from './permissions/always-choices.js';
import type { RuleSubject } from './permissions/permission-rule-match.js';

// What every step of the pipeline is given (docs/ARCHITECTURE.md, "Permissions and hooks"), apart
// from the steps themselves, so that they import one another one way only: run-tool-call at the top.

export interface ToolLookup {
  get(name: string): AnyTool | undefined;
  list(): readonly AnyTool[];
  readonly names: ReadonlySet<string>;
}

export interface ConfirmationRequest {
  id: string;
  tool: string;
  title: string;
  preview: Preview;
  /** What answering "always" may allow, narrowest first; none: asked each time. */
  always: AlwaysChoice[];
}

export interface ToolCallDeps {
  tools: ToolLookup;
  emit: EmitEvent;
  signal: AbortSignal;
  /** Resolves true when the user approves. Called after `confirmation_required` is emitted. */
  confirm(request: ConfirmationRequest): Promise<boolean>;
  /** What the user allowed earlier in the session ("always, this session") that approves this call, in words; undefined: nothing does. */
  approvedThisSession?(subject: RuleSubject, preview: Preview, hookFiles?: readonly string[]): string | undefined;
  /** Calls allowed for this tool in one run: the project's `tool_limits`, else the tool's default. */
  callLimit(tool: AnyTool): number;
  /** Calls made so far in this run, per tool name; updated here. */
  callCounts: Map<string, number>;
  /** Each tool's failed calls in a row in this run; updated here. */
  failureStreaks: ToolFailureStreaks;
  observationLimit: number;
  context: Omit<ToolContext, 'signal' | 'progress' | 'approve' | 'allowStep' | 'readDenied'>;
  /** The permission mode and rules, and the hooks, around every call. Absent: calls go straight to approval. */
  guard?: CallGuard;
  /** The project's files recorded before and after each call that may change them. Absent: none are. */
  checkpoints?: CallCheckpoints;
}
