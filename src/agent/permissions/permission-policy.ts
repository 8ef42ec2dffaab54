import type { Preview } from '../../tools/preview.js';
import type { PermissionMode } from './permission-mode.js';
import { type PermissionRule, type RuleSubject, allowRuleMatches, denyRuleMatches } from './permission-rule-match.js';
import { type PlannedCall, planModeRefusal } from './plan-mode.js';
import { isPlainFileEdit } from './protected-files.js';

/** The session's permissions, read at each call: the mode changes with Shift+Tab, rules with "always in this project". */
export interface PermissionSettings {
  mode: PermissionMode;
  allow: PermissionRule[];
  deny: PermissionRule[];
  /** The project files the session's hooks run: never approved by auto-edit or a session's "always". */
  hookFiles?: readonly string[];
}

export type GuardedCall = PlannedCall & RuleSubject;

/** Before anything else: the deny rules, then plan mode. The refusal is the observation the model reads. */
export function policyRefusal(call: GuardedCall, settings: PermissionSettings): string | undefined {
  return denyRefusal(call, settings) ?? (settings.mode === 'plan' ? planModeRefusal(call) : undefined);
}

export function denyRefusal(subject: RuleSubject, settings: PermissionSettings): string | undefined {
  const rule = settings.deny.find((candidate) => denyRuleMatches(candidate, subject));
  if (rule) return `Denied by the permission rule ${rule.text}: ${subject.tool} was not run. Do not try to reach the same result another way; tell the user if you need it.`;
  return unknownProgramRefusal(subject, settings);
}

/**
 * A command whose programs cannot all be known before it runs (a variable or a substitution as the
 * command name, a script piped into a shell) cannot be checked against a deny rule on commands: while
 * one is in force, it is refused.
 */
function unknownProgramRefusal(subject: RuleSubject, settings: PermissionSettings): string | undefined {
  const commands = subject.targets.filter((target) => target.kind === 'command');
  const rule = settings.deny.find((candidate) => candidate.tool === subject.tool && candidate.pattern !== undefined);
  if (!rule || commands.length === 0) return undefined;
  const reason = commands.flatMap((target) => target.shell?.unknown ?? ['Falcon did not read it']).at(0);
  if (reason === undefined) return undefined;
  return (
    `Refused: the permission rule ${rule.text} is in force and Falcon cannot tell every program this command runs — ${reason}. ` +
    `${subject.tool} was not run. Name each program plainly (no variable or substitution as a command name, no script piped into a shell), or tell the user if you need it.`
  );
}

/**
 * Why a call that would be asked about is approved without asking — an allow rule, yolo, or auto-edit
 * for a plain file edit — or undefined: ask. Deny rules were checked first.
 */
export function approvalWithoutAsking(subject: RuleSubject, preview: Preview, settings: PermissionSettings): string | undefined {
  const rule = settings.allow.find((candidate) => allowRuleMatches(candidate, subject));
  if (rule) return `the allow rule ${rule.text}`;
  if (settings.mode === 'yolo') return 'yolo mode';
  if (settings.mode === 'auto-edit' && isPlainFileEdit(preview, settings.hookFiles)) return 'auto-edit mode';
  return undefined;
}
