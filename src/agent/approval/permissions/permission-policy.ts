import path from 'node:path';
import type { Preview } from '../../../kit/tool/preview.js';
import type { PermissionMode } from './permission-mode.js';
import { type PermissionRule, type RuleSubject, allowRuleMatches, denyRuleMatches, isWildcardRule } from './permission-rule-match.js';
import { type PlannedCall, planModeRefusal } from './plan-mode.js';
import { protectedByName } from './protected-files.js';

/** The session's permissions, read at each call: the mode changes with Shift+Tab, rules with "always in this project". */
export interface PermissionSettings {
  mode: PermissionMode;
  allow: PermissionRule[];
  deny: PermissionRule[];
  /** The project files the session's hooks run: never approved by auto-edit, an allow rule or a session's "always". */
  hookFiles?: readonly string[];
}

export type GuardedCall = PlannedCall & RuleSubject;

/** Before anything else: the deny rules, then plan mode. The refusal is the observation the model reads. */
export function policyRefusal(call: GuardedCall, settings: PermissionSettings): string | undefined {
  return denyRefusal(call, settings) ?? (settings.mode === 'plan' ? planModeRefusal(call) : undefined);
}

export function denyRefusal(subject: RuleSubject, settings: PermissionSettings): string | undefined {
  const rule = settings.deny.find((candidate) => denyRuleMatches(candidate, subject));
  if (rule)
    return `Denied by the permission rule ${rule.text}: ${subject.tool} was not run. Do not try to reach the same result another way; tell the user if you need it.`;
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
 * for a file edit — or undefined: ask. `protection`: why the change the preview shows always needs
 * the user (`protectedChange`), which only yolo passes over. Deny rules were checked first.
 */
export function approvalWithoutAsking(subject: RuleSubject, preview: Preview, settings: PermissionSettings, protection?: string): string | undefined {
  if (protection !== undefined) return settings.mode === 'yolo' ? 'yolo mode' : undefined;
  const rule = allowingRule(settings.allow, subject, preview, settings.hookFiles);
  if (rule) return `the allow rule ${rule.text}`;
  if (settings.mode === 'yolo') return 'yolo mode';
  if (settings.mode === 'auto-edit' && preview.kind === 'diff') return 'auto-edit mode';
  return undefined;
}

/**
 * The allow rule that approves the call, or undefined. Each of the call's targets must be matched by
 * one of the rules (a flow's two origins by two rules); a call without targets, by a bare rule. No rule
 * approves a change that is not a plain file edit — a protected file, or one asked about for a reason —
 * so that neither a rule nor an "always" lets a model widen its own permissions.
 */
export function allowingRule(
  rules: readonly PermissionRule[],
  subject: RuleSubject,
  preview: Preview,
  hookFiles?: readonly string[],
): PermissionRule | undefined {
  // A diff asked about for a reason (`why`: a protected file, a BASE_URL moving) is the user's to approve each time.
  if (preview.kind === 'diff' && (preview.why !== undefined || protectedByName(preview.path, hookFiles) !== undefined)) return undefined;
  const own = rules.filter((rule) => rule.tool === subject.tool);
  if (subject.targets.length === 0) return own.find((rule) => allowRuleMatches(rule, subject));
  const matched = subject.targets.map((target) =>
    own.find(
      (rule) =>
        allowRuleMatches(rule, { tool: subject.tool, targets: [target] }) &&
        !(
          target.kind === 'command' &&
          isWildcardRule(rule) &&
          namesProtectedFile(target.value, preview.kind === 'command' ? preview.cwd : undefined, hookFiles)
        ),
    ),
  );
  return matched.every((rule) => rule !== undefined) ? matched[0] : undefined;
}

/**
 * Whether a command names a protected file among its words (`cp x .falcon/config.yaml`): a rule for
 * many commands (`bash(cp *)`) must not become a way to change one. A rule for this exact command may.
 * Each tail of a path counts, so `/home/me/api/.falcon/config.yaml` does too, and a word as seen from
 * the folder the command runs in (`config.yaml` in `.falcon`).
 */
function namesProtectedFile(command: string, cwd: string | undefined, hookFiles: readonly string[] | undefined): boolean {
  const words = command
    .split(/\s+/)
    .map((word) => word.replace(/^['"]|['"]$/g, ''))
    .filter((word) => word !== '' && !word.startsWith('-'));
  const paths = [...words, ...(cwd ? words.map((word) => path.posix.join(cwd, word)) : [])].map((word) => path.posix.normalize(word));
  const tails = paths.flatMap((word) =>
    word
      .split('/')
      .map((_, index, parts) => parts.slice(index).join('/'))
      .filter(Boolean),
  );
  return tails.some((tail) => protectedByName(tail, hookFiles) !== undefined);
}
