import type { SecretRegistry } from './secret-registry.js';

/**
 * Masks a text that arrives in pieces (a streamed reply) so that no registered secret shows, not
 * even split across pieces: each piece is shown only as far as no secret can still be starting in
 * it; the tail that could (one character shorter than the longest form of a registered secret) is
 * held back until more comes, or `flush` at the end of the stream.
 */
export class StreamMasker {
  private held = '';

  constructor(private readonly secrets: SecretRegistry) {}

  /** What may be shown now of the text so far, masked; may be empty. */
  push(piece: string): string {
    const text = this.held + piece;
    let cut = Math.max(0, text.length - Math.max(0, this.secrets.longestForm - 1));
    // A secret whole in the text but across the cut goes out whole, later.
    for (const span of this.secrets.spans(text)) if (span.start < cut && span.end > cut) cut = span.start;
    // Never between the two halves of a surrogate pair.
    if (cut > 0 && cut < text.length && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut--;
    this.held = text.slice(cut);
    return this.secrets.maskValues(text.slice(0, cut));
  }

  /** The rest, masked: the stream ended (or something else is about to be shown). */
  flush(): string {
    const rest = this.secrets.maskValues(this.held);
    this.held = '';
    return rest;
  }
}
