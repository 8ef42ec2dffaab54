/** `get /pets/{id}` → `get_pets_id`, made unique among `taken` with a `_2`, `_3`… suffix. */
export function uniqueId(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'operation';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}
