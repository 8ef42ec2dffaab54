import { randomUUID } from 'node:crypto';
import type { EmitEvent } from './events.js';
import { maskText } from '../safety/mask-text.js';
import type { Preview } from '../tools/preview.js';
import type { AnyTool, ToolContext } from '../tools/tool.js';
import { ToolError } from '../tools/tool.js';
import { describeTool } from '../tools/support/tool-reference.js';
import { validateToolArgs } from '../tools/support/validate-args.js';
import { isAbortError } from './abort.js';
import { truncateObservation } from './observation.js';

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
}

export interface ToolCallDeps {
  tools: ToolLookup;
  emit: EmitEvent;
  signal: AbortSignal;
  /** Resolves true when the user approves. Called after `confirmation_required` is emitted. */
  confirm(request: ConfirmationRequest): Promise<boolean>;
  /** Calls allowed for this tool in one run: the project's `tool_limits`, else the tool's default. */
  callLimit(tool: AnyTool): number;
  /** Calls made so far in this run, per tool name; updated here. */
  callCounts: Map<string, number>;
  observationLimit: number;
  context: Omit<ToolContext, 'signal' | 'progress'>;
}

export type ToolCallRequest =
  | { name: string; args: Record<string, unknown> }
  | { name: string; problem: string };

/** Runs one tool call from the model and returns the observation text. Never throws, except on abort. */
export async function runToolCall(request: ToolCallRequest, deps: ToolCallDeps): Promise<string> {
  const id = randomUUID();
  const { emit } = deps;
  const args = 'args' in request ? request.args : null;
  emit({ type: 'tool_call', id, name: request.name, args });
  const started = Date.now();
  const finish = (ok: boolean, text: string): string => {
    // Masked before it is cut, so that no secret astride the cut shows in part.
    const output = truncateObservation(maskText(text, { secrets: deps.context.secrets, shapes: false }), deps.observationLimit);
    emit({ type: 'tool_result', id, name: request.name, ok, output, durationMs: Date.now() - started });
    return output;
  };

  if ('problem' in request) {
    const reference = referenceOfDeferred(deps.tools.get(request.name));
    return finish(false, `Error: could not read the arguments of ${request.name}: ${request.problem}${reference}`);
  }
  const tool = deps.tools.get(request.name);
  if (!tool) {
    const known = [...deps.tools.names].join(', ');
    return finish(false, `Error: unknown tool "${request.name}". Available tools: ${known}.`);
  }
  const used = deps.callCounts.get(tool.name) ?? 0;
  const limit = deps.callLimit(tool);
  if (used >= limit) {
    return finish(
      false,
      `Error: ${tool.name} has reached its limit of ${limit} calls in this run. ` +
        'Use what you have learned so far, or give your Final Answer.',
    );
  }
  const validated = validateToolArgs(tool, request.args);
  if (!validated.ok) {
    return finish(false, `Error: invalid arguments for ${tool.name}: ${validated.problems}${referenceOfDeferred(tool)}`);
  }
  deps.callCounts.set(tool.name, used + 1);

  const context: ToolContext = {
    ...deps.context,
    signal: deps.signal,
    progress: (message) => emit({ type: 'tool_progress', id, message }),
  };
  try {
    const preview = tool.preview ? await tool.preview(validated.value, context) : undefined;
    if (preview) {
      const title = previewTitle(tool.name, preview);
      // Ask before announcing, so that a front end answering inside the event is not missed.
      const answer = deps.confirm({ id, tool: tool.name, title, preview });
      emit({ type: 'confirmation_required', id, tool: tool.name, title, preview });
      const approved = await answer;
      emit({ type: 'confirmation_resolved', id, approved });
      if (!approved) {
        return finish(
          false,
          `The user declined ${title}. Nothing was changed. Do not try the same thing again ` +
            'unless the user asks; choose another approach or ask the user.',
        );
      }
    }
    return finish(true, await tool.run(validated.value, context));
  } catch (error) {
    if (isAbortError(error, deps.signal)) {
      finish(false, 'Cancelled by the user.');
      throw error;
    }
    return finish(false, `Error: ${describeToolError(error)}`);
  }
}

/** A deferred tool's parameters are not in the prompt: a call that gets them wrong brings them. */
function referenceOfDeferred(tool: AnyTool | undefined): string {
  return tool?.deferred ? `\n\nIts parameters:\n${describeTool(tool)}` : '';
}

function previewTitle(tool: string, preview: Preview): string {
  switch (preview.kind) {
    case 'diff':
      return `${preview.isNew ? 'create' : 'change'} ${preview.path}${preview.why ? ` (${preview.why})` : ''}`;
    case 'command':
      return `run \`${preview.command}\``;
    case 'info':
      return preview.title || tool;
  }
}

function describeToolError(error: unknown): string {
  if (error instanceof ToolError) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
