import { z } from 'zod';
import type { AutoTestResult } from '../engine/auto-test.js';
import { HTTP_METHODS } from '../../../engines/routes/route.js';
import { FRAMEWORKS } from '../../../workspace/init/frameworks.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { configuredFramework } from '../../../kit/tool-support/configured-framework.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { asSuiteToolError } from '../../../kit/tool-support/suite-for-tool.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ingestedSpecIfAny } from '../../../kit/tool-support/test-spec.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import { variableNames } from './variable-names.js';
import { maskForModel, workflowModel } from './workflow-model.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';

const schema = z.strictObject({
  method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(HTTP_METHODS)).describe('HTTP method'),
  path: z.string().min(1).describe('the endpoint: a path (/users/42), a template (/users/{id}) or a URL'),
  save_as: z.string().min(1).optional().describe('the suite for the passing scenarios, .falcon/tests/<save_as>.yaml (default auto-<method>-<path>)'),
  base_url: z.string().min(1).optional().describe("where the API runs (default: the environment's BASE_URL)"),
  framework: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(FRAMEWORKS))
    .optional()
    .describe("default: the project's framework, else all are tried"),
});

type AutoTestArgs = z.infer<typeof schema>;

export const autoTestTool = defineTool({
  name: 'auto_test',
  description: "Write and run one endpoint's test scenarios; save the passing ones as a suite.",
  schema,
  kind: 'write',
  callLimit: 5,
  approvalWhen: `${OTHER_ORIGINS_ASK}; before saving the suite`,
  async preview(args, ctx) {
    const origin = await baseUrlPreview(args.base_url, 'the scenarios', ctx);
    if (ctx.approve) return origin;
    // Nobody can be asked once the scenarios have run: the save is asked about with the call.
    const save: Preview = {
      kind: 'info',
      title: `auto_test ${args.method} ${args.path}`,
      details: `Runs scenarios for ${args.method} ${args.path} against the API and saves the passing ones as .falcon/tests/${suiteName(args)}.yaml (replacing a suite of that name).`,
    };
    return origin?.kind === 'info' ? { ...save, details: `${save.details}\n${origin.details}` } : save;
  },
  async run(args, ctx) {
    const name = suiteName(args);
    const [
      { AutoTestError, autoTest, passingSuite },
      { ScenarioWritingError },
      { UnknownFrameworkError },
      suiteFiles,
      { writeRunReports },
      { describeAutoTest },
    ] = await Promise.all([
      import('../engine/auto-test.js'),
      import('../engine/model-scenarios.js'),
      import('../../../engines/routes/find-handler.js'),
      import('../../../engines/testing/suite/test-suite-file.js'),
      import('../../../engines/testing/report/write-run-reports.js'),
      import('./describe-auto-test.js'),
    ]);
    try {
      suiteFiles.checkSuiteName(name);
    } catch (error) {
      throw asSuiteToolError(error);
    }
    const baseUrl = await testBaseUrl(args.base_url, ctx);
    let result: AutoTestResult;
    try {
      result = await autoTest({
        projectRoot: ctx.projectRoot,
        method: args.method,
        path: args.path,
        baseUrl,
        spec: await ingestedSpecIfAny(ctx.projectRoot),
        framework: args.framework,
        configuredFramework: await configuredFramework(ctx.projectRoot),
        model: workflowModel(ctx, 'deep'),
        variableNames: await variableNames(ctx),
        mask: maskForModel(ctx),
        variables: ctx.variables,
        signal: ctx.signal,
        progress: ctx.progress,
      });
    } catch (error) {
      if (error instanceof AutoTestError || error instanceof ScenarioWritingError || error instanceof UnknownFrameworkError) throw new ToolError(error.message);
      throw error;
    }
    const reports = await writeRunReports(result.run, { projectRoot: ctx.projectRoot, type: 'auto_test', name, secrets: ctx.secrets });
    const details = testRunDetails(result.run);
    if (result.passing.length === 0) return { text: describeAutoTest(result, 'No scenario passed, so no suite was saved.', reports), details };
    const suite = passingSuite(result, name);
    const file = await suiteFiles.testSuiteFile(ctx.projectRoot, name);
    const text = suiteFiles.renderTestSuite(suite, file.shown);
    if (!(await approveSave(file.shown, file.text, text, ctx))) {
      return { text: describeAutoTest(result, `The user declined saving the passing scenarios as ${file.shown}: nothing was written.`, reports), details };
    }
    const shown = await suiteFiles.saveTestSuite(ctx.projectRoot, suite).catch((error: unknown) => {
      throw asSuiteToolError(error);
    });
    const saved = `${file.text === undefined ? 'Saved' : 'Replaced'} suite "${name}" with the ${result.passing.length} passing scenario${result.passing.length === 1 ? '' : 's'} → ${shown}; run it again with test_suite {"action": "run", "name": "${name}"}.`;
    return { text: describeAutoTest(result, saved, reports), details };
  },
});

/** Asks with the suite's diff; without a way to ask now, the call itself was approved (see preview). */
async function approveSave(shown: string, before: string | undefined, after: string, ctx: ToolContext): Promise<boolean> {
  if (!ctx.approve) return true;
  return ctx.approve('auto_test', { kind: 'diff', path: shown, diff: await unifiedDiff(shown, before, after), isNew: before === undefined });
}

/** `auto-post-users`, `auto-get-users-id`: from the method and the path's words. */
function suiteName(args: AutoTestArgs): string {
  if (args.save_as) return args.save_as;
  const path = args.path.replace(/^[a-z]+:\/\/[^/]+|^\{\{[^}]+\}\}/i, '').replace(/\?.*$/, '');
  const words = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `auto-${args.method.toLowerCase()}${words ? `-${words}` : ''}`.slice(0, 100).replace(/-+$/, '');
}
