/** Arrays whose order means nothing to a schema: their digest is the same in any order. */
const UNORDERED_KEYWORDS = new Set(['required', 'enum', 'type', 'oneOf', 'anyOf']);

interface Digest {
  /** The same for equal values, whatever order their keys came in. */
  id: number;
  /** Whether a `$ref` is inside, whose meaning depends on the spec it is read in. */
  hasRef: boolean;
}

/**
 * A number for each distinct schema, worked out once per object from its parts' numbers: two schemas
 * with the same number are equal, so that a comparison skips the (usually many) parts that did not
 * change. Each object's keys and its parts' numbers are written out and that text numbered, so equal
 * numbers mean equal values, never a collision.
 */
export class SchemaDigests {
  private readonly digests = new WeakMap<object, Digest>();
  private readonly ids = new Map<string, number>();

  /** Whether two schemas are the same text; a `$ref` in them means the same only when `refsAlike`. */
  same(old: object, current: object, refsAlike: boolean): boolean {
    const [a, b] = [this.digestOf(old), this.digestOf(current)];
    return a.id === b.id && (refsAlike || !a.hasRef);
  }

  id(value: object): number {
    return this.digestOf(value).id;
  }

  private digestOf(value: object, unordered = false): Digest {
    const known = this.digests.get(value);
    if (known) return known;
    const isArray = Array.isArray(value);
    const keys: Array<string | number> = isArray ? value.map((_item, index) => index) : Object.keys(value).sort();
    let hasRef = !isArray && Object.hasOwn(value, '$ref');
    const parts: string[] = [];
    for (const key of keys) {
      const item = (value as Record<string | number, unknown>)[key];
      let part: string;
      if (typeof item === 'object' && item !== null) {
        const digest = this.digestOf(item, !isArray && Array.isArray(item) && UNORDERED_KEYWORDS.has(String(key)));
        hasRef ||= digest.hasRef;
        part = `#${digest.id}`;
      } else part = JSON.stringify(item) ?? 'undefined';
      parts.push(isArray ? part : `${JSON.stringify(key)}:${part}`);
    }
    if (unordered) parts.sort();
    const text = `${isArray ? '[' : '{'}${parts.join(',')}`;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    const digest = { id, hasRef };
    this.digests.set(value, digest);
    return digest;
  }
}
