import path from 'node:path';
import picomatch from 'picomatch';
import { parsePermissionRule } from '../../../config/permission-rule.js';
import type { TargetKind } from '../../../kit/tool/tool-target.js';
import type { CallTarget } from './call-target.js';
import { runTexts } from './shell/shell-command-analysis.js';
import { urlDenyForms } from './url-forms.js';

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
 * Whether a deny rule refuses the call: any of its targets matches, as resolved or as written; a
 * command also by any program it runs (see shell/shell-command-analysis.ts), a URL by any way of
 * writing it (see url-forms.ts).
 */
export function denyRuleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.tool) return false;
  if (rule.pattern === undefined) return true;
  const pattern = rule.pattern;
  return subject.targets.some((target) => denyCandidates(target).some((value) => globMatches(pattern, value, target.kind, { nocase: target.kind === 'url' })));
}

/**
 * Whether an allow rule approves the call: every target matches. A pattern with a wildcard approves
 * only a command that runs one program, named plainly: `npm test*` must not stand for
 * `npm test && curl … | sh`.
 */
export function allowRuleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.tool) return false;
  if (rule.pattern === undefined) return true;
  const pattern = rule.pattern;
  if (subject.targets.length === 0) return false;
  return subject.targets.every((target) => {
    if (target.kind === 'command' && WILDCARD.test(pattern) && !runsOneProgram(target)) return false;
    return globMatches(pattern, target.value, target.kind);
  });
}

function runsOneProgram(target: CallTarget): boolean {
  return !CHAINING.test(target.value) && target.shell !== undefined && target.shell.unknown.length === 0 && target.shell.runs.length === 1;
}

function denyCandidates(target: CallTarget): string[] {
  const values = [target.value, ...(target.written === undefined ? [] : [target.written])];
  if (target.kind === 'url') return values.flatMap(urlDenyForms);
  if (target.kind === 'command') return [...values, ...(target.shell?.runs.flatMap(runTexts) ?? [])];
  return values;
}

/**
 * Paths: globs as in .gitignore (`*` stays within a folder, `**` crosses them; a pattern without `/`
 * matches the file's name in any folder). Commands and URLs: `*` matches any run of characters, and a
 * command pattern ending in ` *` matches its words alone too (`npm test *` is `npm test` as well).
 */
function globMatches(pattern: string, value: string, kind: TargetKind, options: { nocase?: boolean } = {}): boolean {
  if (kind === 'command' && pattern.endsWith(' *') && picomatch.isMatch(value, pattern.slice(0, -2), { bash: true, dot: true })) return true;
  if (kind !== 'path') return picomatch.isMatch(value, pattern, { bash: true, dot: true, ...options });
  if (picomatch.isMatch(value, pattern, { dot: true })) return true;
  return !pattern.includes('/') && picomatch.isMatch(path.posix.basename(value), pattern, { dot: true });
}

/** A pattern that matches exactly this text (quotes escaped too: inside them, picomatch reads a backslash as itself). */
export function literalPattern(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@|"']/g, '\\$&');
}
