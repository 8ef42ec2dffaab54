import type { Preview } from '../../tools/preview.js';
import type { AlwaysChoice } from './permissions/always-choices.js';
import type { RuleSubject } from './permissions/permission-rule-match.js';
import { type SessionApproval, SessionApprovals } from './permissions/session-approvals.js';

/**
 * What the user's earlier answers approve without asking again: "always, this session", and an
 * earlier yes to the repository's API under test (see FirstContact).
 */
export class EarlierApprovals {
  private readonly always = new SessionApprovals();
  /** The FirstContact keys of requests the user said yes to. */
  private readonly contacted = new Set<string>();

  /** What approves this call, in words for the progress line; undefined: nothing does. */
  approving(subject: RuleSubject, preview: Preview, hookFiles?: readonly string[]): string | undefined {
    return this.always.approving(subject, preview, hookFiles) ?? this.contactedBefore(preview);
  }

  addAlways(tool: string, choice: AlwaysChoice): void {
    this.always.add(tool, choice);
  }

  addContact(key: string): void {
    this.contacted.add(key);
  }

  /** What "always, this session" answers allow, in the order given. */
  list(): SessionApproval[] {
    return this.always.list();
  }

  remove(index: number): SessionApproval | undefined {
    return this.always.remove(index);
  }

  private contactedBefore(preview: Preview): string | undefined {
    const contact = preview.firstContact;
    return contact?.coveredByYes === true && this.contacted.has(contact.key) ? `requests to ${contact.key} after an earlier yes` : undefined;
  }
}
