import type { Preview } from '../../tools/preview.js';

/**
 * What the client's user approved while this server runs, as a session remembers its answers: an
 * "always" by what the preview names (an origin), and the origins a yes made first contact with
 * (see FirstContact).
 */
export class ClientApprovals {
  private readonly always = new Set<string>();
  private readonly contacted = new Set<string>();

  /** Whether an earlier answer approves this preview without asking. */
  covers(preview: Preview): boolean {
    if (preview.always && this.always.has(preview.always.key)) return true;
    return preview.firstContact?.coveredByYes === true && this.contacted.has(preview.firstContact.key);
  }

  /** A yes to the preview; `always` when the user ticked "always" too. */
  approved(preview: Preview, always: boolean): void {
    if (always && preview.always) this.always.add(preview.always.key);
    if (preview.firstContact) this.contacted.add(preview.firstContact.key);
  }
}
