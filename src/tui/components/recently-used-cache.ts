/** A map that keeps its `capacity` most recently used entries. */
export class RecentlyUsedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  /** The value for `key`, made by `make` when it is not kept (then kept). */
  get(key: string, make: () => V): V {
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
