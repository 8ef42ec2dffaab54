import type { Preview } from '../../tools/preview.js';
import { type CallTarget, commandTarget } from './permissions/call-target.js';
import { alwaysChoices } from './permissions/always-choices.js';
import { type GuardedCall, approvalWithoutAsking, denyRefusal } from './permissions/permission-policy.js';
import { protectedChange } from './permissions/protected-files.js';
import type { ToolCallDeps } from './tool-call-deps.js';

/** Refused `by` a deny rule, without asking, or by the user. */
export type Approval = { approved: true } | { approved: false; by: 'rule' | 'user'; observation: string };

/**
 * The approval of a call whose tool showed a preview. Deny rules are checked again against what the
 * preview names (the real path of a file, the origins a request goes to); then an allow rule, the mode
 * or an earlier "always, this session" may approve it; else the user is asked, with the choices
 * "always" offers for it. A protected file (`permissions/protected-files.ts`) is asked about, its
 * reason in the title, in every mode but yolo, whatever the rules and "always"; no "always" is
 * offered for it.
 */
export async function askApproval(id: string, call: GuardedCall, asked: Preview, deps: ToolCallDeps): Promise<Approval> {
  const subject = { tool: call.tool, targets: [...call.targets, ...(await previewTargets(asked))] };
  const { guard } = deps;
  const protection = await protectedChange(asked, { projectRoot: deps.context.projectRoot, hookFiles: guard?.permissions.hookFiles });
  const preview: Preview = asked.kind === 'diff' && protection !== undefined ? { ...asked, why: protection } : asked;
  if (guard) {
    const refusal = denyRefusal(subject, guard.permissions);
    if (refusal) return { approved: false, by: 'rule', observation: refusal };
  }
  // Falcon's own notes are written without asking, unless the file is protected.
  if (preview.kind === 'diff' && preview.routine && protection === undefined) return { approved: true };
  if (guard) {
    const approvedBy = approvalWithoutAsking(subject, preview, guard.permissions, protection);
    if (approvedBy) {
      deps.emit({ type: 'tool_progress', id, message: `approved by ${approvedBy}` });
      return { approved: true };
    }
  }
  const hookFiles = guard?.permissions.hookFiles;
  const earlier = protection === undefined ? deps.approvedThisSession?.(subject, preview, hookFiles) : undefined;
  if (earlier) {
    deps.emit({ type: 'tool_progress', id, message: `approved for this session: ${earlier}` });
    return { approved: true };
  }
  const title = previewTitle(call.tool, preview);
  const always = protection === undefined ? alwaysChoices(subject, preview, hookFiles) : [];
  // Ask before announcing, so that a front end answering inside the event is not missed.
  const answer = deps.confirm({ id, tool: call.tool, title, preview, always });
  deps.emit({ type: 'confirmation_required', id, tool: call.tool, title, preview, always });
  const approved = await answer;
  deps.emit({ type: 'confirmation_resolved', id, approved });
  if (approved) return { approved: true };
  return {
    approved: false,
    by: 'user',
    observation: `The user declined ${title}. Nothing was changed. Do not try the same thing again unless the user asks; choose another approach or ask the user.`,
  };
}

/** What the preview names, as rules see it: the file changed, the command run, the origins sent to. */
async function previewTargets(preview: Preview): Promise<CallTarget[]> {
  if (preview.kind === 'diff') return [{ kind: 'path', value: preview.path }];
  if (preview.kind === 'command') return [await commandTarget(preview.command)];
  if (preview.always?.kind === 'origins') return preview.always.origins.map((origin) => ({ kind: 'url', value: `${origin}/` }));
  return [];
}

function previewTitle(tool: string, preview: Preview): string {
  switch (preview.kind) {
    case 'diff':
      return `${preview.isNew ? 'create' : 'change'} ${preview.path}${preview.why ? ` (${preview.why})` : ''}`;
    case 'command':
      return preview.title ?? `run \`${preview.command}\`${preview.background ? ' in the background' : ''}`;
    case 'info':
      return preview.title || tool;
  }
}
