/**
 * A small deterministic random source (mulberry32), so that the same spec and seed give the same
 * cases on every run. `fork` derives an independent stream from a label, so adding an operation
 * to a spec leaves the values of the others unchanged.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  fork(label: string): SeededRandom {
    return new SeededRandom(hashText(label, this.state));
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  letters(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += ALPHABET[this.int(0, ALPHABET.length - 1)];
    return text;
  }
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** FNV-1a over the text, mixed with a seed. */
function hashText(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
