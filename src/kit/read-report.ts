import type { z } from 'zod';

/** A JSON file in .falcon/reports/ that is no report the dashboard reads; the message says why. */
export class UnreadableReportError extends Error {
  override name = 'UnreadableReportError';
}

/**
 * The report `value` as `schema` reads it; else an UnreadableReportError naming the first field
 * that is wrong: `a load report this version of Falcon cannot show: "timeline[3].rps": …`.
 */
export function checkedReport<Schema extends z.ZodType>(schema: Schema, value: unknown, noun: string): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UnreadableReportError(`a ${noun} report this version of Falcon cannot show: ${firstProblem(parsed.error)}`);
  return parsed.data;
}

/** The first problem zod found, as a person reads it: `timeline[3].rps: expected number, received string`. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the expected shape';
  const where = issue.path.reduce<string>((shown, key) => (typeof key === 'number' ? `${shown}[${key}]` : shown ? `${shown}.${String(key)}` : String(key)), '');
  return where ? `"${where}": ${issue.message}` : issue.message;
}
