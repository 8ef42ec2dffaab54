import { z } from 'zod';
import { type SchemaDraft, ajvFactory, describeViolation, schemaDraft } from '../../engines/assertions/json-schema.js';

type JsonObject = Record<string, unknown>;
export type ArgumentsSchema = z.ZodType<JsonObject>;

// Identifiers zod's registry and ajv give a meaning of their own: two tools declaring the same one
// must not collide, and no tool needs them to validate its arguments.
const IDENTIFYING_KEYS = new Set(['id', '$id']);

/**
 * Compiles the input schemas of one server's tools. Each becomes a zod schema, as every tool has:
 * validation is ajv's against the server's JSON Schema (a call that does not fit is refused before
 * it is sent, naming each problem), and the JSON Schema itself is attached as zod metadata, which
 * `z.toJSONSchema` — the prompt's tool reference — returns as the server wrote it.
 */
export function createArgumentsCompiler(): (inputSchema: JsonObject) => Promise<ArgumentsSchema> {
  const factories = new Map<SchemaDraft, ReturnType<typeof ajvFactory>>();
  return async (inputSchema) => {
    const schema = Object.fromEntries(Object.entries(inputSchema).filter(([key]) => !IDENTIFYING_KEYS.has(key)));
    const draft = knownDraft(schema);
    if (!factories.has(draft)) factories.set(draft, ajvFactory(draft));
    const ajv = (await factories.get(draft)!)();
    const validate = ajv.compile(schema);
    return z
      .record(z.string(), z.unknown())
      .superRefine((args, ctx) => {
        if (validate(args)) return;
        const problems = new Set((validate.errors ?? []).map((error) => describeViolation(error, { exact: args, plain: args })));
        ctx.addIssue({ code: 'custom', message: `they do not fit the server's schema: ${[...problems].join('; ')}` });
      })
      .meta(schema);
  };
}

/** The draft `$schema` names; draft-07 for one ajv does not know (what most MCP servers were written against). */
function knownDraft(schema: JsonObject): SchemaDraft {
  try {
    return schemaDraft(schema);
  } catch {
    return '07';
  }
}
