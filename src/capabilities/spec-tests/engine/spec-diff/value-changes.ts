import { canonicalJson } from './canonical-json.js';
import type { Direction, RuleId } from './diff-rules.js';
import { acceptsType, type SchemaView } from './schema-view.js';
import { shownValue, shownValues } from './shown-value.js';
import { constraintChanges } from './value-bounds.js';

/** Records a change of the value at hand. */
export type ValueChanges = (rule: RuleId, message: string) => void;

/** Integer formats and float formats, narrowest first: a value of one fits every later one. */
const FORMAT_WIDTHS = [
  ['int8', 'int16', 'int32', 'int64'],
  ['float', 'double'],
];

/**
 * The changes of the value itself between two schemas: its types, null, format, enum, pattern,
 * default and constraints. False when its types changed so much that what is inside (properties,
 * items) is not worth comparing.
 */
export function compareValue(old: SchemaView, current: SchemaView, direction: Direction, record: ValueChanges): boolean {
  const comparable = compareTypes(old.types, current.types, direction, record);
  if (old.nullable !== current.nullable) compareNullable(current.nullable, direction, record);
  if (!comparable) return false;
  compareFormats(stringKeyword(old.keywords.format), stringKeyword(current.keywords.format), direction, record);
  compareEnums(old.enumValues, current.enumValues, direction, record);
  comparePatterns(stringKeyword(old.keywords.pattern), stringKeyword(current.keywords.pattern), direction, record);
  if (direction === 'request') compareDefaults(old.keywords, current.keywords, record);
  for (const [name, change] of constraintChanges(old.keywords, current.keywords)) {
    if (direction === 'request') record(change.narrowed ? (`request-${name}-narrowed` as const) : (`request-${name}-widened` as const), change.message);
    else record(change.widened ? (`response-${name}-widened` as const) : (`response-${name}-narrowed` as const), change.message);
  }
  return true;
}

function compareTypes(old: ReadonlySet<string> | undefined, current: ReadonlySet<string> | undefined, direction: Direction, record: ValueChanges): boolean {
  if (sameTypes(old, current)) return true;
  // A request breaks when a value it sent is refused; an answer breaks when it holds a value clients never saw.
  const [from, to] = direction === 'request' ? [old, current] : [current, old];
  const broken = from === undefined ? to !== undefined : [...from].some((type) => !acceptsType(to, type));
  let message: string;
  if (old === undefined) message = `type set to ${shownTypes(current!)}`;
  else if (current === undefined) message = `type ${shownTypes(old)} no longer declared`;
  else message = `type changed from ${shownTypes(old)} to ${shownTypes(current)}`;
  if (direction === 'request') record(broken ? 'request-type-changed' : 'request-type-widened', message);
  else record(broken ? 'response-type-changed' : 'response-type-narrowed', message);
  return !broken || old === undefined || current === undefined;
}

function sameTypes(old: ReadonlySet<string> | undefined, current: ReadonlySet<string> | undefined): boolean {
  if (old === undefined || current === undefined) return old === current;
  return old.size === current.size && [...old].every((type) => current.has(type));
}

function shownTypes(types: ReadonlySet<string>): string {
  return types.size === 0 ? 'null' : [...types].sort().join(' or ');
}

function compareNullable(current: boolean, direction: Direction, record: ValueChanges): void {
  if (direction === 'request')
    record(current ? 'request-became-nullable' : 'request-became-not-nullable', current ? 'null now accepted' : 'null no longer accepted');
  else record(current ? 'response-became-nullable' : 'response-became-not-nullable', current ? 'may now be null' : 'never null any more');
}

function compareFormats(old: string | undefined, current: string | undefined, direction: Direction, record: ValueChanges): void {
  if (old === current) return;
  const width = formatWidth(old, current);
  if (old === undefined) {
    record(direction === 'request' ? 'request-format-changed' : 'response-format-narrowed', `format set to ${shownValue(current)}`);
  } else if (current === undefined) {
    record(direction === 'request' ? 'request-format-widened' : 'response-format-removed', `format ${shownValue(old)} removed`);
  } else {
    const message = `format changed from ${shownValue(old)} to ${shownValue(current)}`;
    if (direction === 'request') record(width === 'wider' ? 'request-format-widened' : 'request-format-changed', message);
    else record(width === 'narrower' ? 'response-format-narrowed' : 'response-format-changed', message);
  }
}

/** Whether the new format takes every value of the old one (`wider`), only some of them (`narrower`), or another kind. */
function formatWidth(old: string | undefined, current: string | undefined): 'wider' | 'narrower' | 'other' {
  for (const family of FORMAT_WIDTHS) {
    const from = family.indexOf(old ?? '');
    const to = family.indexOf(current ?? '');
    if (from !== -1 && to !== -1) return to > from ? 'wider' : 'narrower';
  }
  return 'other';
}

function compareEnums(
  old: ReadonlyMap<string, unknown> | undefined,
  current: ReadonlyMap<string, unknown> | undefined,
  direction: Direction,
  record: ValueChanges,
): void {
  if (old === undefined && current === undefined) return;
  if (old === undefined) {
    record(direction === 'request' ? 'request-became-enum' : 'response-became-enum', `now limited to ${shownValues(current!.values())}`);
    return;
  }
  if (current === undefined) {
    record(direction === 'request' ? 'request-enum-dropped' : 'response-enum-dropped', `no longer limited to ${shownValues(old.values())}`);
    return;
  }
  const removed = [...old].filter(([key]) => !current.has(key)).map(([, value]) => value);
  const added = [...current].filter(([key]) => !old.has(key)).map(([, value]) => value);
  const valueWord = (count: number) => (count === 1 ? 'value' : 'values');
  if (removed.length > 0) {
    record(
      direction === 'request' ? 'request-enum-value-removed' : 'response-enum-value-removed',
      `enum ${valueWord(removed.length)} ${shownValues(removed)} removed`,
    );
  }
  if (added.length > 0) {
    record(direction === 'request' ? 'request-enum-value-added' : 'response-enum-value-added', `enum ${valueWord(added.length)} ${shownValues(added)} added`);
  }
}

function comparePatterns(old: string | undefined, current: string | undefined, direction: Direction, record: ValueChanges): void {
  if (old === current) return;
  if (old === undefined) record(direction === 'request' ? 'request-pattern-added' : 'response-pattern-added', `pattern ${shownValue(current)} added`);
  else if (current === undefined)
    record(direction === 'request' ? 'request-pattern-removed' : 'response-pattern-removed', `pattern ${shownValue(old)} removed`);
  else
    record(
      direction === 'request' ? 'request-pattern-changed' : 'response-pattern-changed',
      `pattern changed from ${shownValue(old)} to ${shownValue(current)}`,
    );
}

/** A client that leaves a value out gets the default: a new default, or none, changes what it gets. */
function compareDefaults(old: Record<string, unknown>, current: Record<string, unknown>, record: ValueChanges): void {
  if (!('default' in old)) return;
  if (!('default' in current)) record('request-default-changed', `default ${shownValue(old.default)} removed`);
  else if (canonicalJson(old.default) !== canonicalJson(current.default)) {
    record('request-default-changed', `default changed from ${shownValue(old.default)} to ${shownValue(current.default)}`);
  }
}

function stringKeyword(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
