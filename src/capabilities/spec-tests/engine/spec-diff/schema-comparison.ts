import type { JsonSchema } from '../../../../engines/spec/spec-format.js';
import { canonicalJson } from './canonical-json.js';
import type { Direction } from './diff-rules.js';
import type { SchemaReader, SchemaView } from './schema-view.js';
import type { OperationChanges } from './spec-change.js';
import { compareValue } from './value-changes.js';

/** Deeper than this a comparison stops: no real schema nests so far, and a cycle the refs do not show ends here. */
const MOST_DEPTH = 64;

/**
 * Compares the schemas of one operation between the old spec and the new, recording each change
 * under the location of the value it concerns (`body › address › city`, `tags[]`, `metadata{*}`,
 * `pet › oneOf[1]`). `request` and `response` judge the same change differently (see diff-rules.ts).
 * Self-referencing schemas end where a pair of them is already being compared.
 */
export class SchemaComparison {
  private readonly comparing = new Set<string>();
  private readonly objectIds = new WeakMap<object, number>();
  private readonly canonical = new WeakMap<object, string>();
  private nextObjectId = 0;

  constructor(
    private readonly oldSchemas: SchemaReader,
    private readonly newSchemas: SchemaReader,
    private readonly record: OperationChanges,
  ) {}

  compare(old: JsonSchema | undefined, current: JsonSchema | undefined, direction: Direction, location: readonly string[]): void {
    const pair = `${direction} ${this.identity(old, this.oldSchemas)} ${this.identity(current, this.newSchemas)}`;
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

  /**
   * The alternatives of `oneOf` or `anyOf`, paired: the same schema first, then those left in order
   * when as many are left on each side, else by title. The rest were removed or added.
   */
  private compareVariants(
    keyword: 'oneOf' | 'anyOf',
    old: readonly JsonSchema[],
    current: readonly JsonSchema[],
    direction: Direction,
    location: readonly string[],
  ): void {
    const oldLeft = new Map(old.map((schema, index) => [index, schema]));
    const newLeft = new Map(current.map((schema, index) => [index, schema]));
    const pairs: Array<[number, number]> = [];
    const pairWhere = (same: (a: JsonSchema, b: JsonSchema) => boolean) => {
      for (const [oldIndex, oldSchema] of oldLeft) {
        const match = [...newLeft].find(([, newSchema]) => same(oldSchema, newSchema));
        if (match === undefined) continue;
        pairs.push([oldIndex, match[0]]);
        oldLeft.delete(oldIndex);
        newLeft.delete(match[0]);
      }
    };
    pairWhere((a, b) => this.canonicalOf(a) === this.canonicalOf(b));
    if (oldLeft.size === newLeft.size) {
      [...oldLeft.keys()].forEach((oldIndex, position) => pairs.push([oldIndex, [...newLeft.keys()][position]!]));
      oldLeft.clear();
      newLeft.clear();
    } else {
      pairWhere((a, b) => typeof a.title === 'string' && a.title === b.title);
    }
    for (const [oldIndex, newIndex] of pairs) this.compare(old[oldIndex], current[newIndex], direction, [...location, `${keyword}[${newIndex}]`]);
    for (const oldIndex of oldLeft.keys()) {
      this.record(`${direction}-variant-removed` as const, [...location, `${keyword}[${oldIndex}]`], `alternative${titled(old[oldIndex]!)} removed`);
    }
    for (const newIndex of newLeft.keys()) {
      this.record(`${direction}-variant-added` as const, [...location, `${keyword}[${newIndex}]`], `alternative${titled(current[newIndex]!)} added`);
    }
  }

  /** What tells a schema apart while comparing: its ref, else the object itself. */
  private identity(schema: JsonSchema | undefined, reader: SchemaReader): string {
    if (schema === undefined) return '-';
    const ref = reader.refName(schema);
    if (ref !== undefined) return ref;
    let id = this.objectIds.get(schema);
    if (id === undefined) {
      id = this.nextObjectId++;
      this.objectIds.set(schema, id);
    }
    return `#${id}`;
  }

  private canonicalOf(schema: JsonSchema): string {
    let text = this.canonical.get(schema);
    if (text === undefined) {
      text = canonicalJson(schema);
      this.canonical.set(schema, text);
    }
    return text;
  }
}

function suffixed(location: readonly string[], suffix: string): string[] {
  return location.length === 0 ? [suffix] : [...location.slice(0, -1), `${location.at(-1)}${suffix}`];
}

function titled(schema: JsonSchema): string {
  return typeof schema.title === 'string' ? ` ${JSON.stringify(schema.title)}` : '';
}
