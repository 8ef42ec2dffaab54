/** A field of a scanning user's object that the scan changed and could not set back. */
export interface LeftField {
  /** Who reads the object: the user it belongs to. */
  user: string;
  /** The object's path: `/api/v2/me`, `/api/v2/addresses/1`. */
  path: string;
  field: string;
  /** Its value before the scan, as JSON; absent when the object did not have it. */
  before?: string;
  /** Its value now, as JSON; absent when the object no longer has it. */
  now?: string;
  why: string;
}

/** An object the scan created and did not delete. */
export interface LeftObject {
  user: string;
  /** The create: `POST /api/v2/orders`. */
  create: string;
  /** Where the object is, `/api/v2/orders/1007`; absent when the answer gave no id or Location. */
  location?: string;
  why: string;
}

/** What a scan leaves behind on the API: listed at the end of the run and in every report. */
export interface Residue {
  fields: LeftField[];
  created: LeftObject[];
}

/** `alice's /api/v2/me: role was "user", now "admin" (…)`: one line per thing left, as the summary and the reports say it. */
export function residueLines(residue: Residue): string[] {
  return [
    ...residue.fields.map(
      (left) =>
        `${left.user}'s ${left.path}: ${left.field} ${left.before === undefined ? 'was absent' : `was ${left.before}`}, now ${left.now ?? 'absent'} (${left.why})`,
    ),
    ...residue.created.map(
      (left) => `created by the scan as ${left.user}, not deleted: ${left.create} → ${left.location ?? 'no id in the answer'} (${left.why})`,
    ),
  ];
}
