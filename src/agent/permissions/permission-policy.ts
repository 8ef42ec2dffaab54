import type { Preview } from '../../tools/preview.js';
import type { PermissionMode } from './permission-mode.js';
import { type PermissionRule, type RuleSubject, allowRuleMatches, denyRuleMatches } from './permission-rule-match.js';
import { type PlannedCall, planModeRefusal } from './plan-mode.js';

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
  if (!rule) return undefined;
  return `Denied by the permission rule ${rule.text}: ${subject.tool} was not run. Do not try to reach the same result another way; tell the user if you need it.`;
}

/**
 * Why a call that would be asked about is approved without asking — an allow rule, yolo, or auto-edit
 * for a file edit — or undefined: ask. `protection`: why the change the preview shows always needs
 * the user (`protectedChange`), which only yolo passes over. Deny rules were checked first.
 */
export function approvalWithoutAsking(subject: RuleSubject, preview: Preview, settings: PermissionSettings, protection?: string): string | undefined {
  if (protection !== undefined) return settings.mode === 'yolo' ? 'yolo mode' : undefined;
  const rule = settings.allow.find((candidate) => allowRuleMatches(candidate, subject));
  if (rule) return `the allow rule ${rule.text}`;
  if (settings.mode === 'yolo') return 'yolo mode';
  if (settings.mode === 'auto-edit' && preview.kind === 'diff') return 'auto-edit mode';
  return undefined;
}
