/** Leaves compared at most: enough to recognise a record, bounded for a long list. */
const MAX_LEAVES = 400;
const MAX_DEPTH = 6;
/** The share of the owner's values the other answer must repeat: a changed timestamp is not a different object. */
const MATCHED_SHARE = 0.8;

/**
 * `seen` carries the data the owner saw: most of the values in the owner's body (`ownerBody`) are in
 * `seen` at the same place, and among them at least one besides the object's id (so an answer that
 * merely echoes the id asked for is not enough). The values matched, by place; undefined when it does not.
 */
export function ownerDataIn(ownerBody: unknown, seen: unknown, id: string | number): Array<[string, unknown]> | undefined {
  const owner = leavesOf(ownerBody);
  if (owner.size === 0) return undefined;
  const other = leavesOf(seen);
  const matched = [...owner].filter(([place, value]) => other.has(place) && other.get(place) === value);
  const telling = matched.filter(([, value]) => String(value) !== String(id) && (typeof value === 'number' || (typeof value === 'string' && value.length > 1)));
  return matched.length >= owner.size * MATCHED_SHARE && telling.length > 0 ? matched : undefined;
}

/** The body has some value in it: not empty, not `{}`, `[]` or null throughout. */
export function hasData(body: unknown): boolean {
  return leavesOf(body).size > 0;
}

/** Place (`[0].items[1].name`) → string, number or boolean value; empty strings and nulls left out. */
function leavesOf(value: unknown): Map<string, string | number | boolean> {
  const leaves = new Map<string, string | number | boolean>();
  const visit = (current: unknown, place: string, depth: number) => {
    if (leaves.size >= MAX_LEAVES) return;
    if (typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean') {
      if (current !== '') leaves.set(place, current);
      return;
    }
    if (current === null || typeof current !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(current)) current.forEach((item, index) => visit(item, `${place}[${index}]`, depth + 1));
    else for (const [key, item] of Object.entries(current)) visit(item, `${place}.${key}`, depth + 1);
  };
  visit(value, '', 0);
  return leaves;
}
