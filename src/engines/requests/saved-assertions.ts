import { z } from 'zod';
import { type ResponseExpectations, findExpectationProblems } from '../assertions/assert-response.js';

const status = z.union([z.number().int(), z.string()]);
const texts = z.union([z.string(), z.array(z.string())]);

/** A saved request's `assertions`: the fields of the assert_response tool, as written in YAML. */
const savedAssertionsSchema = z.strictObject({
  status_code: status.optional(),
  status_in: z.array(status).optional(),
  headers: z.record(z.string(), z.unknown()).optional(),
  headers_not_present: z.array(z.string()).optional(),
  body_contains: texts.optional(),
  body_not_contains: texts.optional(),
  body_equals: z.unknown().optional(),
  body_matches_regex: z.string().optional(),
  json_path: z.record(z.string(), z.unknown()).optional(),
  response_time_max_ms: z.number().positive().optional(),
  content_type: z.string().optional(),
});

export const SAVED_ASSERTION_FIELDS: readonly string[] = Object.keys(savedAssertionsSchema.shape);

export class SavedAssertionsError extends Error {
  override name = 'SavedAssertionsError';
}

/** The expectations the assertions engine checks; every problem with them in one SavedAssertionsError. */
export function toResponseExpectations(assertions: Record<string, unknown>): ResponseExpectations {
  const parsed = savedAssertionsSchema.safeParse(assertions);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown check${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (known: ${SAVED_ASSERTION_FIELDS.join(', ')})`
        : `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new SavedAssertionsError(`assertions: ${problems.join('; ')}`);
  }
  const a = parsed.data;
  const list = (value: string | string[] | undefined) => (value === undefined ? undefined : ([] as string[]).concat(value));
  const expectations: ResponseExpectations = {
    statusCode: a.status_code,
    statusIn: a.status_in,
    headers: a.headers,
    headersNotPresent: a.headers_not_present,
    bodyContains: list(a.body_contains),
    bodyNotContains: list(a.body_not_contains),
    bodyEquals: a.body_equals,
    bodyMatchesRegex: a.body_matches_regex,
    jsonPath: a.json_path,
    responseTimeMaxMs: a.response_time_max_ms,
    contentType: a.content_type,
  };
  const problems = findExpectationProblems(expectations);
  if (problems.length > 0) throw new SavedAssertionsError(`assertions: ${problems.join('; ')}`);
  return expectations;
}
