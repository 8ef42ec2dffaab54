import { z } from 'zod';
import type { ExtractionSource } from '../../../engines/assertions/extract-value.js';
import { LAST_RESPONSE, type StoredResponse } from '../../../engines/http/response-store.js';
import { VARIABLE_NAME } from '../../../workspace/environments.js';
import { writeGlobalVariable } from '../../../workspace/global-variables.js';
import { namedResponse } from './named-response.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { factArgument } from '../../../kit/tool/call-facts.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { looksLikeSecretValue } from '../../../safety/looks-like-secret.js';
import { maskText } from '../../../safety/mask-text.js';
import { isSecretName, variableNameFor } from '../../../safety/secret-names.js';

const SOURCES = ['json_path', 'header', 'cookie', 'regex'] as const;
// Cookies that carry a login: `session`, `connect.sid`, `PHPSESSID`, `remember_token`, `auth`.
const CREDENTIAL_COOKIE = /sess|sid|auth|token|remember|jwt|login/i;
const MAX_SHOWN_CHARS = 200;

const schema = z.strictObject({
  response: z.string().min(1).optional().describe(`stored response name (default "${LAST_RESPONSE}")`),
  json_path: z.string().optional().describe('JSONPath into the body, e.g. "$.data.id"'),
  header: z.string().optional().describe('response header name'),
  cookie: z.string().optional().describe('name of a cookie the response sets'),
  regex: z.string().optional().describe('regex on the body: group "value", else group 1, else the whole match'),
  save_as: z.string().regex(VARIABLE_NAME, 'a name of letters, digits, _ . - starting with a letter or _').describe('variable name, used later as {{name}}'),
  scope: z.enum(['session', 'global']).optional().describe('session (default) or global (.falcon/variables.json; no secrets)'),
});

type ExtractArgs = z.infer<typeof schema>;

// No preview: global variables are Falcon's own notes in .falcon/variables.json, as with the variable tool.
export const extractValueTool = defineTool({
  name: 'extract_value',
  description: 'Save one value of a stored response (JSONPath, header, cookie or regex) as a {{variable}}.',
  schema,
  kind: 'write',
  // A session variable lives in memory only.
  readOnly: (args) => (args.scope === 'global' ? 'saves a global variable in .falcon/variables.json' : undefined),
  facts({ args, ok }) {
    const name = factArgument(args, 'save_as');
    return ok && name ? { variables: [name] } : {};
  },
  async run(args, ctx) {
    const source = chooseSource(args);
    const name = args.response ?? LAST_RESPONSE;
    const response = namedResponse(ctx, name);
    const { text, matches } = await extract(response, source);
    const secret =
      isSecretName(args.save_as) ||
      isSecretName(sourceName(source)) ||
      ('cookie' in source && CREDENTIAL_COOKIE.test(source.cookie)) ||
      looksLikeSecretValue(text);
    const scope = args.scope ?? 'session';
    if (scope === 'global') {
      if (secret) throw new ToolError(globalSecretRefusal(args.save_as));
      await writeGlobalVariable(ctx.projectRoot, args.save_as, text).catch((error: unknown) => {
        throw toToolError(error);
      });
    } else {
      ctx.variables.session.set(args.save_as, text);
      // A token a login answered with: masked from now on wherever it shows up again.
      if (secret) ctx.secrets.register(text, args.save_as);
    }
    const shown = secret ? '[masked]' : text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}… (${text.length} chars)` : text;
    const where = scope === 'global' ? 'global, .falcon/variables.json' : 'session';
    const several = matches > 1 ? `; ${matches} values matched, kept as a JSON array` : '';
    return maskText(`Saved ${args.save_as} = ${shown} (${where}${several})`);
  },
});

function chooseSource(args: ExtractArgs): ExtractionSource {
  const given = SOURCES.filter((source) => args[source] !== undefined);
  if (given.length !== 1) {
    const got = given.length === 0 ? 'none was given' : `got ${given.join(' and ')}`;
    throw new ToolError(`Give exactly one of ${SOURCES.join(', ')} (${got}); nothing was saved.`);
  }
  if (args.json_path !== undefined) return { jsonPath: args.json_path };
  if (args.header !== undefined) return { header: args.header };
  if (args.cookie !== undefined) return { cookie: args.cookie };
  return { regex: args.regex as string };
}

async function extract(response: StoredResponse, source: ExtractionSource) {
  const [{ ExtractionError, extractValue }, { JsonPathError }, { TextPatternError }] = await Promise.all([
    import('../../../engines/assertions/extract-value.js'),
    import('../../../engines/assertions/json-path.js'),
    import('../../../engines/assertions/text-pattern.js'),
  ]);
  try {
    return extractValue(response, source);
  } catch (error) {
    if (error instanceof ExtractionError || error instanceof JsonPathError || error instanceof TextPatternError) {
      throw new ToolError(`${error.message} Nothing was saved.`);
    }
    throw error;
  }
}

/** The name the value had in the response: the header, the cookie, or the last key of a JSONPath. */
function sourceName(source: ExtractionSource): string {
  if ('header' in source) return source.header;
  if ('cookie' in source) return source.cookie;
  if ('jsonPath' in source) return /([A-Za-z_][\w-]*)['"]?\]?$/.exec(source.jsonPath)?.[1] ?? '';
  return '';
}

function globalSecretRefusal(name: string): string {
  const variable = variableNameFor(name);
  return (
    `Not saved: ${name} looks like a secret, and .falcon/variables.json keeps values in clear. ` +
    `Keep it for this session with scope "session", or set ${variable} in the shell or .env and refer to it as {{env:${variable}}}.`
  );
}
