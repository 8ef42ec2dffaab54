import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { StreamMasker } from '../../src/safety/stream-masker.js';

const SECRET = 'tok_live_9f8A7b6C5d4E';

/** Streams `text` in pieces of `size`, as a model's deltas come; returns each piece shown, the last from flush. */
function shownPieces(secrets: SecretRegistry, text: string, size: number): string[] {
  const masker = new StreamMasker(secrets);
  const shown: string[] = [];
  for (let at = 0; at < text.length; at += size) shown.push(masker.push(text.slice(at, at + size)));
  shown.push(masker.flush());
  return shown;
}

describe('StreamMasker', () => {
  const secrets = new SecretRegistry();
  secrets.register(SECRET, 'API_TOKEN');
  const reply = `The token ${SECRET} was accepted; ${SECRET} again, and ${Buffer.from(SECRET).toString('base64')} in base64.`;

  it.each([1, 2, 3, 5, 7, 13])('never shows the secret, whole or split, in pieces of %i characters', (size) => {
    const pieces = shownPieces(secrets, reply, size);
    const joined = pieces.join('');
    expect(joined).toBe(secrets.maskValues(reply));
    expect(joined).not.toContain(SECRET.slice(0, 6));
    for (const piece of pieces) {
      for (let length = 4; length <= SECRET.length; length++) {
        // No piece ends in the start of the secret, waiting for the rest to follow in the next one.
        expect(SECRET.startsWith(piece.slice(-length)) && piece.length >= length, `"${piece}"`).toBe(false);
      }
    }
  });

  it('holds back only as much as the longest secret could need, and nothing when none is registered', () => {
    const none = new StreamMasker(new SecretRegistry());
    expect(none.push('hello ')).toBe('hello ');
    const masker = new StreamMasker(secrets);
    const long = 'x'.repeat(200);
    expect(masker.push(long).length).toBe(200 - (secrets.longestForm - 1));
    expect(masker.flush()).toBe('x'.repeat(secrets.longestForm - 1));
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const masker = new StreamMasker(secrets);
    const shown = [masker.push(`${'a'.repeat(100)}😀${'b'.repeat(secrets.longestForm - 2)}`), masker.flush()];
    expect(shown.join('')).toContain('😀');
    for (const piece of shown) expect(piece).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
  });
});
