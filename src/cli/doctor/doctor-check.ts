/** ✓ fine, ! worth knowing (does not fail the doctor), ✗ something to fix. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One finding of `falcon doctor`. */
export interface DoctorCheck {
  /** What was checked: `node`, `config`, `provider openai`, `environment dev`… */
  name: string;
  status: CheckStatus;
  /** What was found, in one line. */
  summary: string;
  /** Lines under it, e.g. one per problem in a file. */
  details?: string[];
  /** What to do about it. */
  fix?: string;
}

export function ok(name: string, summary: string, details?: string[]): DoctorCheck {
  return { name, status: 'ok', summary, ...(details?.length && { details }) };
}

export function warn(name: string, summary: string, fix?: string, details?: string[]): DoctorCheck {
  return { name, status: 'warn', summary, ...(fix && { fix }), ...(details?.length && { details }) };
}

export function fail(name: string, summary: string, fix: string, details?: string[]): DoctorCheck {
  return { name, status: 'fail', summary, fix, ...(details?.length && { details }) };
}
