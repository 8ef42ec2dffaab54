import path from 'node:path';
import { stringify } from 'yaml';
import { z } from 'zod';
import {
  type SavedRequest,
  deleteSavedRequest,
  listSavedNames,
  loadSavedRequest,
  parseSavedRequest,
  readSavedFile,
  saveRequest,
} from '../../../workspace/saved-requests.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { savedRequestPreview } from '../../../kit/tool-support/saved-request-origin.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskedResult } from '../../../kit/tool/tool-result.js';
import { factArgument, firstLineOf } from '../../../kit/tool/call-facts.js';
import { describeSecretRefusal, findRequestSecrets } from '../../../safety/request-secrets.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

const actions = defineActions(
  'request',
  {
    name: z.string().describe('the saved request, e.g. "get-user" (letters, digits, -, _, .)'),
    method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(METHODS)).describe('HTTP method (default GET)'),
    url: z.string().describe('URL with {{VAR}} placeholders, e.g. "{{BASE_URL}}/users/{{USER_ID}}"'),
    headers: z.record(z.string(), z.string()).describe('headers; secrets as placeholders, e.g. {"Authorization": "Bearer {{API_TOKEN}}"}'),
    query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe('query parameters'),
    body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).describe('body; objects are sent as JSON'),
    assertions: z
      .record(z.string(), z.unknown())
      .describe('checks for run, the fields of assert_response, e.g. {"status_code": 200, "json_path": {"$.id": 7}}'),
  },
  (action) => ({
    save: action({
      required: ['name', 'url'],
      optional: ['method', 'headers', 'query', 'body', 'assertions'],
      run: save,
    }),
    load: action({
      readOnly: true,
      required: ['name'],
      async run({ name }, ctx) {
        const { file, text } = await readSavedFile(ctx.projectRoot, 'requests', name).catch((error: unknown) => unknownRequest(error, ctx));
        return `Request "${name}" (${relative(ctx, file)}):\n${stringify(parseSavedRequest(text, file, name)).trimEnd()}`;
      },
    }),
    list: action({ readOnly: true, run: (_args, ctx) => list(ctx) }),
    delete: action({
      required: ['name'],
      async run({ name }, ctx) {
        const file = await deleteSavedRequest(ctx.projectRoot, name).catch((error: unknown) => unknownRequest(error, ctx));
        return `Deleted request "${name}" (${relative(ctx, file)}).`;
      },
    }),
    run: action({
      required: ['name'],
      description: 'sends it and checks its assertions',
      readOnly: () => 'sends the saved request, whatever its method',
      preview: ({ name }, ctx) => savedRequestPreview(name, ctx),
      async run({ name }, ctx) {
        const saved = await loadSavedRequest(ctx.projectRoot, name).catch((error: unknown) => unknownRequest(error, ctx));
        const [{ sendSavedRequest }, { responseDetails }] = await Promise.all([import('./send-saved-request.js'), import('./describe-response.js')]);
        const { run, text } = await sendSavedRequest(saved, ctx, ctx.session.cookies);
        ctx.session.responses.remember(run.stored);
        return { text, details: responseDetails(run.response) };
      },
    }),
  }),
);

// Saving writes only Falcon's own notes in .falcon/requests/ (see falcon-write.ts); running one to
// another origin than the API under test asks first, as http_request does.
export const requestTool = defineTool({
  name: 'request',
  description: 'Save, load, list, delete or run saved requests (.falcon/requests/) with their assertions.',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'write',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: actions.preview,
  facts({ args, text }) {
    const name = factArgument(args, 'name');
    return args.action === 'run' && name ? { requests: [`saved request ${name} → ${firstLineOf(text)}`] } : {};
  },
  async run(args, ctx) {
    try {
      return maskedResult(await actions.run(args, ctx), maskKeepingPlaceholders);
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function save(args: Omit<SavedRequest, 'method'> & { method?: string }, ctx: ToolContext): Promise<string> {
  if (args.assertions) {
    const { toResponseExpectations } = await import('../../../engines/requests/saved-assertions.js');
    try {
      toResponseExpectations(args.assertions);
    } catch (error) {
      throw new ToolError(`${(error as Error).message}. Nothing was saved.`);
    }
  }
  const request: SavedRequest = {
    name: args.name,
    method: args.method ?? 'GET',
    url: args.url,
    headers: args.headers,
    query: args.query,
    body: args.body,
    assertions: args.assertions,
  };
  const secrets = findRequestSecrets(request);
  if (secrets.length > 0) throw new ToolError(describeSecretRefusal(secrets, ctx.variables.environment));
  const { file, replaced } = await saveRequest(ctx.projectRoot, request);
  const checks = Object.keys(request.assertions ?? {}).length;
  const lines = [
    `${replaced ? 'Replaced' : 'Saved'} request "${request.name}": ${request.method} ${request.url}${checks ? `, ${checks} assertion${checks > 1 ? 's' : ''}` : ''} → ${relative(ctx, file)}`,
  ];
  const unresolved = await ctx.variables.resolveDeep({ url: request.url, headers: request.headers, query: request.query, body: request.body }).then(
    () => undefined,
    (error: Error) => error.message,
  );
  if (unresolved) lines.push(`Note: it cannot run yet: ${unresolved}.`);
  return lines.join('\n');
}

async function list(ctx: ToolContext): Promise<string> {
  const names = await listSavedNames(ctx.projectRoot, 'requests');
  if (names.length === 0) return 'No saved requests in .falcon/requests/ yet: save one with action "save".';
  const lines = await Promise.all(
    names.map(async (name) => {
      try {
        const saved = await loadSavedRequest(ctx.projectRoot, name);
        const checks = Object.keys(saved.assertions ?? {}).length;
        return `- ${name}: ${saved.method.toUpperCase()} ${saved.url}${checks ? ` (${checks} assertion${checks > 1 ? 's' : ''})` : ''}`;
      } catch (error) {
        return `- ${name}: unreadable (${(error as Error).message})`;
      }
    }),
  );
  return [`${names.length} saved request${names.length > 1 ? 's' : ''}:`, ...lines].join('\n');
}

async function unknownRequest(error: unknown, ctx: ToolContext): Promise<never> {
  if (!(error instanceof Error) || !error.message.startsWith('No saved request')) throw error;
  const names = await listSavedNames(ctx.projectRoot, 'requests');
  throw new ToolError(`${error.message} ${names.length ? `Saved requests: ${names.join(', ')}.` : 'There are no saved requests yet.'}`);
}

function relative(ctx: ToolContext, file: string): string {
  return path.relative(ctx.projectRoot, file).split(path.sep).join('/');
}
