/** `get /pets/{id}` → `get_pets_id`, `find pet by id` → `find_pet_by_id`: letters, digits, `_`, `.` and `-` only. */
export function plainId(wanted: string): string {
  return wanted.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
}

/** plainId of `wanted` (`operation` when nothing is left), made unique among `taken` with a `_2`, `_3`… suffix. */
export function uniqueId(wanted: string, taken: Set<string>): string {
  const base = plainId(wanted) || 'operation';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}
