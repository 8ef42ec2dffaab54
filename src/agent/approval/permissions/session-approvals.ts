import type { Preview } from '../../../tools/preview.js';
import type { AlwaysChoice } from './always-choices.js';
import { allowingRule } from './permission-policy.js';
import { type PermissionRule, type RuleSubject, parsePermissionRules } from './permission-rule-match.js';

/** What the user allowed for the rest of the session, as `/permissions` lists it. */
export interface SessionApproval {
  tool: string;
  /** In words, as the confirmation offered it: `commands starting "npm test"`. */
  label: string;
  rules: string[];
}

/**
 * The answers "always, this session": allow rules held in memory, judged exactly as the project's
 * (`allowingRule`), so that a session's "always" allows what the same choice saved in the project would.
 */
export class SessionApprovals {
  private readonly approvals: Array<SessionApproval & { parsed: PermissionRule[] }> = [];

  add(tool: string, choice: AlwaysChoice): void {
    this.approvals.push({ tool, label: choice.label, rules: choice.rules, parsed: parsePermissionRules(choice.rules) });
  }

  list(): SessionApproval[] {
    return this.approvals.map(({ tool, label, rules }) => ({ tool, label, rules }));
  }

  /** Removes the approval at `index` of `list()`; later calls it allowed are asked about again. */
  remove(index: number): SessionApproval | undefined {
    const [removed] = index >= 0 ? this.approvals.splice(index, 1) : [];
    return removed && { tool: removed.tool, label: removed.label, rules: removed.rules };
  }

  /** `bash: commands starting "npm test"` when an earlier answer approves this call; else undefined. */
  approving(subject: RuleSubject, preview: Preview, hookFiles?: readonly string[]): string | undefined {
    const found = this.approvals.find((approval) => allowingRule(approval.parsed, subject, preview, hookFiles) !== undefined);
    return found && `${found.tool}: ${found.label}`;
  }
}
