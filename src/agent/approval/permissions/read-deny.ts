import { realpathSync } from 'node:fs';
import path from 'node:path';
import { projectRelative } from './call-target.js';
import { type PermissionRule, denyRuleMatches } from './permission-rule-match.js';
import type { AnyTool } from '../../../kit/tool/tool.js';

/** The tools that declare themselves the file reader (read_file): a deny rule on one covers the files other tools read or list too. */
export function fileReadersOf(tools: readonly AnyTool[]): string[] {
  return tools.filter((tool) => tool.fileReader).map((tool) => tool.name);
}

/** The deny rules on reading that apply to the files `tool` reads or lists: its own, and the file readers'. */
export function readDenyRules(deny: readonly PermissionRule[], tool: string, fileReaders: readonly string[]): PermissionRule[] {
  return deny.filter((rule) => rule.pattern !== undefined && (rule.tool === tool || fileReaders.includes(rule.tool)));
}

/** The rule (of `readDenyRules`) that keeps a project file from being read, on its path as listed or its real path; undefined when none does. */
export function readDenyRule(rules: readonly PermissionRule[], file: string, projectRoot: string): PermissionRule | undefined {
  if (rules.length === 0) return undefined;
  const relative = projectRelative(file, projectRoot);
  const targets = [relative, realRelative(relative, projectRoot)].flatMap((value) => (value === undefined ? [] : [{ kind: 'path' as const, value }]));
  return rules.find((rule) => denyRuleMatches(rule, { tool: rule.tool, targets }));
}

function realRelative(relative: string, projectRoot: string): string | undefined {
  try {
    const inside = path.relative(realpathSync(projectRoot), realpathSync(path.join(projectRoot, relative)));
    return inside.startsWith('..') || path.isAbsolute(inside) ? undefined : inside.split(path.sep).join('/') || '.';
  } catch {
    return undefined;
  }
}
