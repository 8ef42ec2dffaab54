import { parseJsonDocument } from '../assertions/exact-json.js';
import { validateJsonSchema } from '../assertions/json-schema.js';
import type { JsonSchema } from '../spec/spec-format.js';

/** The schema a channel's messages must match, and what to call it in a failure. */
export interface MessageSchema {
  /** `the "prices" channel's message`. */
  name: string;
  schema: JsonSchema;
}

/** Checks listed per message: the first few violating messages are named, the rest counted. */
const NAMED_MESSAGES = 5;

/** A failure per violation of each message that does not match the schema (`message 2 $.price: must be number`). */
export async function schemaFailures(
  messages: ReadonlyArray<{ text: string }>,
  { name, schema }: MessageSchema,
): Promise<Array<{ check: string; expected: string; actual: string }>> {
  const failures: Array<{ check: string; expected: string; actual: string }> = [];
  let violating = 0;
  for (const [index, message] of messages.entries()) {
    const violations = await messageViolations(message.text, schema);
    if (violations.length === 0) continue;
    violating += 1;
    if (violating > NAMED_MESSAGES) continue;
    for (const violation of violations) {
      const [path, ...rest] = violation.split(': ');
      failures.push({ check: `message ${index + 1} schema ${path}`, expected: `matches ${name}`, actual: rest.join(': ') || violation });
    }
  }
  if (violating > NAMED_MESSAGES)
    failures.push({ check: 'schema', expected: `every message matches ${name}`, actual: `${violating - NAMED_MESSAGES} more messages do not` });
  return failures;
}

async function messageViolations(text: string, schema: JsonSchema): Promise<string[]> {
  let document;
  try {
    document = parseJsonDocument(text);
  } catch (error) {
    return [`$: not JSON (${(error as Error).message})`];
  }
  return (await validateJsonSchema(schema, document)).violations;
}
