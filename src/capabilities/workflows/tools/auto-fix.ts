import { z } from 'zod';
import { HTTP_METHODS } from '../../../engines/routes/route.js';
import type { ManagedServer } from '../../../engines/api-server/managed-server.js';
import type { PendingWrite, ProposedChange } from '../engine/auto-fix.js';
import { FRAMEWORKS } from '../../../workspace/init/frameworks.js';
import { configuredFramework } from '../../../kit/tool-support/configured-framework.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { isUrl } from './endpoint-url.js';
import { OTHER_ORIGINS_ASK, otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { savedRequestPreview } from '../../../kit/tool-support/saved-request-origin.js';
import { baseUrlPreview } from '../../../kit/tool-support/test-base-url.js';
import { maskForModel, workflowModel } from './workflow-model.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';

const paramValue = z.union([z.string(), z.number(), z.boolean()]);

const schema = z.strictObject({
  request: z
    .strictObject({
      method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(HTTP_METHODS)),
      url: z.string().min(1).describe('a URL, or a path under the base URL; {{VAR}} placeholders are resolved'),
      headers: z.record(z.string(), z.string()).optional(),
      query: z.record(z.string(), z.union([paramValue, z.array(paramValue)])).optional(),
      body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
    })
    .optional()
    .describe('the failing request'),
  expect: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('what its response must satisfy, in assert_response\'s fields, e.g. {"status_code": 200, "body_contains": "Ada"} (default: a 2xx status)'),
  saved_request: z.string().min(1).optional().describe('instead of request: a saved request in .falcon/requests/, its assertions what must hold'),
  suite: z.string().min(1).optional().describe('instead of request: a saved suite…'),
  case: z.string().min(1).optional().describe('…and its failing case, by id or name'),
  error: z.string().min(1).optional().describe("the server's stack trace or log excerpt, if the response has none"),
  max_attempts: z.number().int().min(1).max(5).optional().describe('changes to try before giving up (default 3)'),
  base_url: z.string().min(1).optional().describe("where the API runs, for a path or a suite case (default: the environment's BASE_URL)"),
  framework: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(FRAMEWORKS))
    .optional()
    .describe("default: the project's framework, else all are tried"),
});

export const autoFixTool = defineTool({
  name: 'auto_fix',
  description: 'Make a failing request pass: find its code, edit with consent, re-run.',
  schema,
  kind: 'write',
  callLimit: 5,
  approvalWhen: `${OTHER_ORIGINS_ASK}; before each change of a file`,
  async preview(args, ctx) {
    if (args.saved_request) return savedRequestPreview(args.saved_request, ctx);
    if (args.request && isUrl(args.request.url)) {
      const url = await ctx.variables.resolve(args.request.url).catch(() => undefined);
      const { method, headers, query, body } = args.request;
      return url === undefined ? undefined : otherOriginPreview({ what: method, url, carries: { url: args.request.url, headers, query, body } }, ctx);
    }
    return baseUrlPreview(args.base_url, 'the failing case', ctx);
  },
  async run(args, ctx) {
    const model = workflowModel(ctx, 'deep');
    if (!model) throw new ToolError('auto_fix needs a model to write the change and none is available here; use analyze_failure, then edit_file');
    const [{ caseForFix }, { autoFix, DEFAULT_FIX_ATTEMPTS }, { UnknownFrameworkError }, { describeAutoFix }] = await Promise.all([
      import('./case-for-fix.js'),
      import('../engine/auto-fix.js'),
      import('../../../engines/routes/find-handler.js'),
      import('./describe-auto-fix.js'),
    ]);
    const failing = await caseForFix(args, ctx);
    const maxAttempts = args.max_attempts ?? DEFAULT_FIX_ATTEMPTS;
    let unapplied: ProposedChange | undefined;
    const approve = async (change: ProposedChange) => {
      if (!ctx.approve) {
        unapplied = change;
        return false;
      }
      return ctx.approve('auto_fix', { kind: 'diff', path: change.path, diff: await unifiedDiff(change.path, change.before, change.after), isNew: false });
    };
    const result = await autoFix({
      projectRoot: ctx.projectRoot,
      failing,
      model,
      framework: args.framework,
      configuredFramework: await configuredFramework(ctx.projectRoot),
      errorText: args.error,
      maxAttempts,
      approve,
      ...(ctx.apiServer && { beforeWrite: beforeServerTakes(ctx.apiServer) }),
      mask: maskForModel(ctx),
      progress: ctx.progress,
      signal: ctx.signal,
    }).catch((error: unknown) => {
      if (error instanceof UnknownFrameworkError) throw new ToolError(error.message);
      throw error;
    });
    // The file as it is now is what the model last saw: edit_file may change it next.
    if (result.target && (result.status === 'fixed' || unapplied)) await rememberFileVersion(ctx, result.target);
    return describeAutoFix(result, failing, maxAttempts, unapplied);
  },
});

/** Each write of the file, a change or its undoing, is followed by the server's reload (or restart) before the case runs again. */
function beforeServerTakes(server: ManagedServer): (path: string) => Promise<PendingWrite | undefined> {
  return (path) => server.beforeChange(path, { isNew: false });
}

async function rememberFileVersion(ctx: ToolContext, relative: string): Promise<void> {
  const [{ readFile }, { resolveInsideProject }, { recordFileVersion }] = await Promise.all([
    import('node:fs/promises'),
    import('../../../safety/project-path.js'),
    import('../../../kit/tool-support/read-before-change.js'),
  ]);
  const target = await resolveInsideProject(ctx.projectRoot, relative);
  await recordFileVersion(ctx.session.fileReads, target, await readFile(target.absolute));
}
