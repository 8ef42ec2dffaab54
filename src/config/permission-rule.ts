/** A permission rule as written in `permissions.allow` / `permissions.deny`: `tool` or `tool(pattern)`. */
export interface PermissionRuleText {
  tool: string;
  /** The glob on the call's main argument; absent: every call of the tool. */
  pattern?: string;
}

// The pattern runs to the last `)`, so a command's own parentheses need no escaping: bash(echo (a)).
const RULE = /^([A-Za-z_][\w-]*)(?:\((.+)\))?$/s;

export const PERMISSION_RULE_FORM = 'expected a tool name or tool(pattern), e.g. bash(npm test*)';

/** Undefined when the text is not a rule. */
export function parsePermissionRule(text: string): PermissionRuleText | undefined {
  const match = RULE.exec(text.trim());
  if (!match) return undefined;
  const [, tool = '', pattern] = match;
  return pattern === undefined ? { tool } : { tool, pattern };
}
