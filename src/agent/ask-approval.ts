import type { Preview } from '../tools/preview.js';
import { type CallTarget, type TargetOptions, commandTarget } from './permissions/call-target.js';
import { rulesReadCommands } from './call-guard.js';
import { type GuardedCall, approvalWithoutAsking, denyRefusal } from './permissions/permission-policy.js';
import { isPlainFileEdit } from './permissions/protected-files.js';
import { suggestedAllowRule } from './permissions/suggested-allow-rule.js';
import type { ToolCallDeps } from './run-tool-call.js';

/** Refused `by` a deny rule, without asking, or by the user. */
export type Approval = { approved: true } | { approved: false; by: 'rule' | 'user'; observation: string };

/**
 * The approval of a call whose tool showed a preview. Deny rules are checked again against what the
 * preview names (the real path of a file); then an allow rule, the mode or an earlier "always, this
 * session" may approve it; else the user is asked.
 */
export async function askApproval(id: string, call: GuardedCall, preview: Preview, deps: ToolCallDeps): Promise<Approval> {
  const { guard } = deps;
  const shown = await previewTarget(preview, { analyseCommands: guard !== undefined && rulesReadCommands(guard.permissions) });
  const subject = { tool: call.tool, targets: shown ? [...call.targets, shown] : call.targets };
  if (guard) {
    const refusal = denyRefusal(subject, guard.permissions);
    if (refusal) return { approved: false, by: 'rule', observation: refusal };
    const approvedBy = approvalWithoutAsking(subject, preview, guard.permissions);
    if (approvedBy) {
      deps.emit({ type: 'tool_progress', id, message: `approved by ${approvedBy}` });
      return { approved: true };
    }
  }
  // "Always" for a tool is for its plain work: a protected file is asked about, as in auto-edit.
  if (deps.approvedThisSession?.(call.tool, preview) && (preview.kind !== 'diff' || isPlainFileEdit(preview, guard?.permissions.hookFiles))) {
    deps.emit({ type: 'tool_progress', id, message: 'approved for this session' });
    return { approved: true };
  }
  const title = previewTitle(call.tool, preview);
  const rule = suggestedAllowRule(call.tool, call.targets[0] ?? shown);
  // Ask before announcing, so that a front end answering inside the event is not missed.
  const answer = deps.confirm({ id, tool: call.tool, title, preview, rule });
  deps.emit({ type: 'confirmation_required', id, tool: call.tool, title, preview, rule });
  const approved = await answer;
  deps.emit({ type: 'confirmation_resolved', id, approved });
  if (approved) return { approved: true };
  return {
    approved: false,
    by: 'user',
    observation: `The user declined ${title}. Nothing was changed. Do not try the same thing again unless the user asks; choose another approach or ask the user.`,
  };
}

async function previewTarget(preview: Preview, options: TargetOptions): Promise<CallTarget | undefined> {
  if (preview.kind === 'diff') return { kind: 'path', value: preview.path };
  if (preview.kind === 'command') return commandTarget(preview.command, options);
  return undefined;
}

function previewTitle(tool: string, preview: Preview): string {
  switch (preview.kind) {
    case 'diff':
      return `${preview.isNew ? 'create' : 'change'} ${preview.path}${preview.why ? ` (${preview.why})` : ''}`;
    case 'command':
      return `run \`${preview.command}\`${preview.background ? ' in the background' : ''}`;
    case 'info':
      return preview.title || tool;
  }
}
