import type { AlwaysOffer, Preview } from '../../kit/tool/preview.js';

/**
 * What the client's user approved while this server runs, as a session remembers its answers: an
 * "always" by what the preview offers (its origins, or every call of its tool), and the origins a yes
 * made first contact with (see FirstContact).
 */
export class ClientApprovals {
  private readonly always = new Set<string>();
  private readonly contacted = new Set<string>();

  /** Whether an earlier answer approves this preview without asking. */
  covers(tool: string, preview: Preview): boolean {
    if (preview.always && this.always.has(offerKey(tool, preview.always))) return true;
    return preview.firstContact?.coveredByYes === true && this.contacted.has(preview.firstContact.key);
  }

  /** A yes to the preview; `always` when the user ticked "always" too. */
  approved(tool: string, preview: Preview, always: boolean): void {
    if (always && preview.always) this.always.add(offerKey(tool, preview.always));
    if (preview.firstContact) this.contacted.add(preview.firstContact.key);
  }
}

/** What "always" would allow, in words: `requests to http://…`, `every scan_security call`. */
export function offerLabel(tool: string, offer: AlwaysOffer): string {
  return offer.kind === 'origins' ? `requests to ${offer.origins.join(', ')}` : `every ${tool} call`;
}

function offerKey(tool: string, offer: AlwaysOffer): string {
  return offer.kind === 'origins' ? `origins ${[...offer.origins].sort().join(' ')}` : `tool ${tool}`;
}
