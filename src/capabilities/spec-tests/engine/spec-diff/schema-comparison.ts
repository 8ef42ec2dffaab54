import type { JsonSchema } from '../../../../engines/spec/spec-format.js';
import type { Direction } from './diff-rules.js';
import type { SchemaDigests } from './schema-digests.js';
import { pairVariants } from './pair-variants.js';
import type { SchemaReader, SchemaView } from './schema-view.js';
import type { OperationChanges } from './spec-change.js';
import { compareValue } from './value-changes.js';

/** Deeper than this a comparison stops: no real schema nests so far, and a cycle the refs do not show ends here. */
const MOST_DEPTH = 64;

/**
 * Compares the schemas of one operation between the old spec and the new, recording each change
 * under the location of the value it concerns (`body › address › city`, `tags[]`, `metadata{*}`,
 * `pet › oneOf[1]`, alternatives paired by pair-variants.ts). `request` and `response` judge the same change differently (see diff-rules.ts).
 * Self-referencing schemas end where a pair of them is already being compared.
 */
export class SchemaComparison {
  /** `refsAlike`: the self-referencing schemas of both specs are the same, so a `$ref` means the same in both. */
  constructor(
    private readonly oldSchemas: SchemaReader,
    private readonly newSchemas: SchemaReader,
    private readonly digests: SchemaDigests,
    private readonly refsAlike: boolean,
    private readonly record: OperationChanges,
    /** The pairs being compared, outermost first: a trial comparison (see changesBetween) shares them. */
    private readonly comparing = new Set<string>(),
  ) {}

  compare(old: JsonSchema | undefined, current: JsonSchema | undefined, direction: Direction, location: readonly string[]): void {
    if (old && current && this.digests.same(old, current, this.refsAlike)) return;
    // Equal text stands for the same schema: a tree never holds itself, so meeting a pair again means a cycle of refs.
    const pair = `${direction} ${old ? this.digests.id(old) : '-'} ${current ? this.digests.id(current) : '-'}`;
    if (this.comparing.has(pair) || location.length > MOST_DEPTH) return;
    this.comparing.add(pair);
    try {
      const oldView = this.oldSchemas.view(old);
      const newView = this.newSchemas.view(current);
      const comparable = compareValue(oldView, newView, direction, (rule, message) => this.record(rule, location, message));
      if (!comparable) return;
      this.compareProperties(oldView, newView, direction, location);
      this.compareAdditional(oldView, newView, direction, location);
      if (oldView.items || newView.items) this.compare(oldView.items ?? {}, newView.items ?? {}, direction, suffixed(location, '[]'));
      this.compareVariants('oneOf', oldView.oneOf, newView.oneOf, direction, location);
      this.compareVariants('anyOf', oldView.anyOf, newView.anyOf, direction, location);
    } finally {
      this.comparing.delete(pair);
    }
  }

  private compareProperties(old: SchemaView, current: SchemaView, direction: Direction, location: readonly string[]): void {
    // A read-only property is never sent, a write-only one never returned: neither side's changes matter there.
    const unseen = (view: SchemaView) => (direction === 'request' ? view.readOnly : view.writeOnly);
    for (const [name, oldSchema] of old.properties) {
      const oldProperty = this.oldSchemas.view(oldSchema);
      const newSchema = current.properties.get(name);
      const at = [...location, name];
      if (newSchema === undefined) {
        if (unseen(oldProperty)) continue;
        if (direction === 'request') this.record('request-property-removed', at, 'removed');
        else if (old.required.has(name)) this.record('response-required-property-removed', at, 'removed (it was required)');
        else this.record('response-optional-property-removed', at, 'removed');
        continue;
      }
      const newProperty = this.newSchemas.view(newSchema);
      if (unseen(oldProperty) && unseen(newProperty)) continue;
      const wasRequired = old.required.has(name) && !unseen(oldProperty);
      const isRequired = current.required.has(name) && !unseen(newProperty);
      if (wasRequired !== isRequired) {
        const became = isRequired ? 'required' : 'optional';
        this.record(`${direction}-property-became-${became}` as const, at, `became ${became}`);
      }
      this.compare(oldSchema, newSchema, direction, at);
    }
    for (const [name, newSchema] of current.properties) {
      if (old.properties.has(name) || unseen(this.newSchemas.view(newSchema))) continue;
      const at = [...location, name];
      if (direction === 'response') this.record('response-property-added', at, 'added');
      else if (current.required.has(name)) this.record('request-required-property-added', at, 'required property added');
      else this.record('request-optional-property-added', at, 'optional property added');
    }
  }

  private compareAdditional(old: SchemaView, current: SchemaView, direction: Direction, location: readonly string[]): void {
    if (direction === 'request' && (old.additional === 'none') !== (current.additional === 'none')) {
      if (current.additional === 'none') this.record('request-additional-properties-refused', location, 'properties not declared are no longer accepted');
      else this.record('request-additional-properties-allowed', location, 'properties not declared are now accepted');
    }
    if (typeof old.additional === 'object' && typeof current.additional === 'object') {
      this.compare(old.additional, current.additional, direction, suffixed(location, '{*}'));
    }
  }

  private compareVariants(
    keyword: 'oneOf' | 'anyOf',
    old: readonly JsonSchema[],
    current: readonly JsonSchema[],
    direction: Direction,
    location: readonly string[],
  ): void {
    const { pairs, removed, added } = pairVariants(old, current, {
      same: (a, b) => this.digests.id(a) === this.digests.id(b),
      distance: (a, b) => this.changesBetween(a, b, direction, location),
    });
    for (const [oldIndex, newIndex] of pairs) this.compare(old[oldIndex], current[newIndex], direction, [...location, `${keyword}[${newIndex}]`]);
    for (const oldIndex of removed) {
      this.record(`${direction}-variant-removed` as const, [...location, `${keyword}[${oldIndex}]`], `alternative${titled(old[oldIndex]!)} removed`);
    }
    for (const newIndex of added) {
      this.record(`${direction}-variant-added` as const, [...location, `${keyword}[${newIndex}]`], `alternative${titled(current[newIndex]!)} added`);
    }
  }

  /** How many changes a comparison of two schemas finds, recording none. */
  private changesBetween(old: JsonSchema, current: JsonSchema, direction: Direction, location: readonly string[]): number {
    let count = 0;
    const trial = new SchemaComparison(this.oldSchemas, this.newSchemas, this.digests, this.refsAlike, () => count++, this.comparing);
    trial.compare(old, current, direction, [...location, 'trial']);
    return count;
  }
}

function suffixed(location: readonly string[], suffix: string): string[] {
  return location.length === 0 ? [suffix] : [...location.slice(0, -1), `${location.at(-1)}${suffix}`];
}

function titled(schema: JsonSchema): string {
  return typeof schema.title === 'string' ? ` ${JSON.stringify(schema.title)}` : '';
}
