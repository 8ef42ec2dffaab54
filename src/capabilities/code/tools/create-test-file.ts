import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Preview } from '../../../kit/tool/preview.js';
import type { StoredResponse } from '../../../engines/http/response-store.js';
import { EndpointError } from '../../../engines/test-writers/endpoint.js';
import { type TestFilePlan, TestPlanError } from '../../../engines/test-writers/test-plan.js';
import { FRAMEWORKS } from '../../../workspace/init/frameworks.js';
import { UnknownVariableError } from '../../../workspace/variable-scope.js';
import { type ProjectPath, ProjectPathError } from '../../../safety/project-path.js';
import { resolveToolWritePath } from '../../../workspace/falcon-records.js';
import { writeNewFile } from '../../../safety/atomic-write.js';
import { configuredFramework } from '../../../kit/tool-support/configured-framework.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { recordFileVersion } from '../../../kit/tool-support/read-before-change.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { countLines } from './changed-file.js';

const schema = z.strictObject({
  endpoint: z.string().min(1).describe('method and path, e.g. "GET /users/{id}" (also :id, <id>)'),
  framework: z
    .enum(FRAMEWORKS.filter((framework) => framework !== 'other') as [string, ...string[]])
    .optional()
    .describe('the API framework, when .falcon/config.yaml and detection get it wrong'),
});

type CreateTestArgs = z.infer<typeof schema>;

export const createTestFileTool = defineTool({
  name: 'create_test_file',
  description: "Write a new test for one endpoint in the project's own test style.",
  schema,
  kind: 'write',
  callLimit: 10,
  async preview(args, ctx): Promise<Preview> {
    const { plan, target } = await planNewFile(args, ctx);
    return { kind: 'diff', path: target.relative, diff: await unifiedDiff(target.relative, undefined, plan.content), isNew: true };
  },
  async run(args, ctx) {
    const { plan, target } = await planNewFile(args, ctx);
    ctx.signal.throwIfAborted();
    if (!(await writeNewFile(target.absolute, plan.content))) throw alreadyThere(target.relative);
    await recordFileVersion(ctx.session.fileReads, target, plan.content);
    return {
      text: describeCreated(target.relative, plan, args.endpoint),
      details: { kind: 'file_change' as const, path: target.relative, created: true, linesAdded: countLines(plan.content), linesRemoved: 0 },
    };
  },
});

/** The plan and where it goes; refuses a file that is already there (again in `run`: it may have appeared since). */
async function planNewFile(args: CreateTestArgs, ctx: ToolContext): Promise<{ plan: TestFilePlan; target: ProjectPath }> {
  const { planTestFile } = await import('../../../engines/test-writers/plan-test-file.js');
  try {
    const framework = args.framework ?? (await configuredFramework(ctx.projectRoot));
    const baseUrl = await projectBaseUrl(ctx);
    const plan = await planTestFile({
      projectRoot: ctx.projectRoot,
      endpoint: args.endpoint,
      framework,
      responses: storedResponses(ctx),
      ...(baseUrl !== undefined && { baseUrl }),
    });
    const target = await resolveToolWritePath(ctx.projectRoot, plan.path);
    if (await stat(target.absolute).catch(() => undefined)) throw alreadyThere(target.relative);
    return { plan, target };
  } catch (error) {
    if (error instanceof TestPlanError || error instanceof EndpointError || error instanceof ProjectPathError) throw new ToolError(error.message);
    throw error;
  }
}

/** The active environment's BASE_URL, unless it holds a secret (a test file is no place for one). */
async function projectBaseUrl(ctx: ToolContext): Promise<string | undefined> {
  const baseUrl = await ctx.variables.resolve('{{BASE_URL}}').catch((error: unknown) => {
    if (error instanceof UnknownVariableError) return undefined;
    throw error;
  });
  const trimmed = baseUrl?.trim().replace(/\/+$/, '');
  if (!trimmed || !URL.canParse(trimmed) || /[\u0000-\u001F\u007F]/.test(trimmed)) return undefined;
  return ctx.secrets.maskValues(trimmed) === trimmed ? trimmed : undefined;
}

function storedResponses(ctx: ToolContext): StoredResponse[] {
  const { responses } = ctx.session;
  return [
    ...new Set(
      responses
        .names()
        .map((name) => responses.get(name))
        .filter((response) => response !== undefined),
    ),
  ];
}

function alreadyThere(relative: string): ToolError {
  return new ToolError(`${relative} already exists; create_test_file never overwrites: add the test to it with read_file and edit_file instead`);
}

function describeCreated(relative: string, plan: TestFilePlan, endpoint: string): string {
  const lines = plan.content.split('\n').length - 1;
  return [
    `Created ${relative} (${lines} lines): ${plan.style}, for ${endpoint.trim()}.`,
    ...(plan.basedOn ? [`Conventions from ${plan.basedOn}.`] : []),
    `Run it: ${plan.command}`,
    ...plan.notes.map((note) => `Note: ${note}`),
  ].join('\n');
}
