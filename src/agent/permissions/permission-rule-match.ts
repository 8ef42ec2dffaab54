import path from 'node:path';
import picomatch from 'picomatch';
import { parsePermissionRule } from '../../config/permission-rule.js';
import type { CallTarget, TargetKind } from './call-target.js';

export interface PermissionRule {
  /** As written in the config, for messages: `bash(npm test*)`. */
  text: string;
  tool: string;
  pattern?: string;
}

/** The call as rules see it: its tool and its targets (the main argument, and the preview's path or command once known). */
export interface RuleSubject {
  tool: string;
  targets: readonly CallTarget[];
}

/** Rules as validated by the config loader; a text that is not a rule is left out. */
export function parsePermissionRules(texts: readonly string[]): PermissionRule[] {
  return texts.flatMap((text) => {
    const parsed = parsePermissionRule(text);
    return parsed ? [{ text, ...parsed }] : [];
  });
}

/** Shell syntax that puts a second command after (or inside) the first, or redirects it. */
const CHAINING = /[;&|<>`\n]|\$\(/;
const WILDCARD = /(?<!\\)[*?[{]/;

/** Whether a rule stands for more than one text: a bare tool, or a pattern with a wildcard. */
export function isWildcardRule(rule: PermissionRule): boolean {
  return rule.pattern === undefined || WILDCARD.test(rule.pattern);
}

/**
 * Whether a deny rule refuses the call: any of its targets matches, as resolved or as written, and
 * for a command any of the commands it chains.
 */
export function denyRuleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.tool) return false;
  if (rule.pattern === undefined) return true;
  const pattern = rule.pattern;
  return subject.targets.some((target) =>
    candidates(target).some((value) => globMatches(pattern, value, target.kind)),
  );
}

/**
 * Whether an allow rule approves the call: every target matches. A pattern with a wildcard never
 * approves a command that chains or redirects: `npm test*` must not stand for `npm test && curl … | sh`.
 */
export function allowRuleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.tool) return false;
  if (rule.pattern === undefined) return true;
  const pattern = rule.pattern;
  if (subject.targets.length === 0) return false;
  return subject.targets.every((target) => {
    if (target.kind === 'command' && CHAINING.test(target.value) && WILDCARD.test(pattern)) return false;
    return globMatches(pattern, target.value, target.kind);
  });
}

function candidates(target: CallTarget): string[] {
  const values = [target.value, ...(target.written === undefined ? [] : [target.written])];
  if (target.kind !== 'command') return values;
  const parts = target.value.split(/\|\||&&|[;&|\n(){}]|\$\(|`/).map((part) => part.trim()).filter(Boolean);
  return [...values, ...parts, ...parts.map(commandAsRun)];
}

/** What comes before the command itself: `!`, keywords, wrappers that run it, `NAME=value` assignments. */
const BEFORE_COMMAND = /^(?:!\s*|(?:if|then|else|elif|do|while|until|time|command|builtin|exec|env|nohup|sudo)\s+|[A-Za-z_]\w*=(?:'[^']*'|"[^"]*"|\S*)\s+)+/;

/**
 * One command as the shell runs it, for deny rules: `FOO=1 "rm"\t-rf x`, `\rm -rf x` and
 * `/bin/rm -rf x` are all `rm -rf x` to `bash(rm *)`.
 */
function commandAsRun(part: string): string {
  const words = part.replace(/\s+/g, ' ').replace(BEFORE_COMMAND, '').replace(/["'\\]/g, '');
  return words.replace(/^[^ ]*\//, '');
}

/**
 * Paths: globs as in .gitignore (`*` stays within a folder, `**` crosses them; a pattern without `/`
 * matches the file's name in any folder). Commands and URLs: `*` matches any run of characters, and a
 * command pattern ending in ` *` matches its words alone too (`npm test *` is `npm test` as well).
 */
function globMatches(pattern: string, value: string, kind: TargetKind): boolean {
  if (kind === 'command' && pattern.endsWith(' *') && picomatch.isMatch(value, pattern.slice(0, -2), { bash: true, dot: true })) return true;
  if (kind !== 'path') return picomatch.isMatch(value, pattern, { bash: true, dot: true });
  if (picomatch.isMatch(value, pattern, { dot: true })) return true;
  return !pattern.includes('/') && picomatch.isMatch(path.posix.basename(value), pattern, { dot: true });
}

/** A pattern that matches exactly this text (quotes escaped too: inside them, picomatch reads a backslash as itself). */
export function literalPattern(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@|"']/g, '\\$&');
}
