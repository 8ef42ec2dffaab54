import type { CaseUnderFix } from '../engine/case-under-fix.js';
import type { ResponseExpectations } from '../../../engines/assertions/assert-response.js';
import type { RequestParts } from '../../../engines/http/prepare-request.js';
import { SavedRequestError, loadSavedRequest } from '../../../workspace/saved-requests.js';
import { UnknownVariableError } from '../../../workspace/variable-scope.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';
import { joinUrl } from '../../../engines/testing/run/case-http-request.js';
import { isUrl } from './endpoint-url.js';
import { suiteForTool } from '../../../kit/tool-support/suite-for-tool.js';
import { testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ingestedSpecIfAny } from '../../../kit/tool-support/test-spec.js';

/** The ways auto_fix is told which case fails: exactly one of them. */
export interface FailingCaseArgs {
  request?: Omit<RequestParts, 'form'>;
  expect?: Record<string, unknown>;
  saved_request?: string;
  suite?: string;
  case?: string;
  base_url?: string;
}

/** The case the arguments name, ready to run; a ToolError saying what is missing or wrong. */
export async function caseForFix(args: FailingCaseArgs, ctx: ToolContext): Promise<CaseUnderFix> {
  const given = [args.request && 'request', args.saved_request && 'saved_request', (args.suite || args.case) && 'suite and case'].filter(Boolean);
  if (given.length !== 1) {
    throw new ToolError(
      given.length === 0
        ? 'give the failing case: request (with expect), saved_request (a name in .falcon/requests/), or suite and case'
        : `give one failing case, not ${given.join(' and ')}`,
    );
  }
  if (args.expect && !args.request) throw new ToolError('expect goes with request; a saved request has its own assertions, a suite case its own checks');
  const { requestCase } = await import('../engine/request-case.js');
  if (args.request) {
    const url = isUrl(args.request.url) ? args.request.url : joinUrl(await testBaseUrl(args.base_url, ctx), args.request.url);
    const request = { ...args.request, url };
    await checkVariables(request, ctx);
    return requestCase({ request, expectations: await expectations(args.expect, 'expect'), variables: ctx.variables, cookies: ctx.session.cookies });
  }
  if (args.saved_request) {
    const saved = await loadSavedRequest(ctx.projectRoot, args.saved_request).catch((error: unknown) => {
      throw error instanceof SavedRequestError ? new ToolError(error.message) : error;
    });
    const { savedRequestParts } = await import('../../../engines/requests/saved-request-parts.js');
    const request = savedRequestParts(saved);
    await checkVariables(request, ctx);
    return requestCase({
      request,
      expectations: await expectations(saved.assertions, `the assertions of "${saved.name}"`),
      variables: ctx.variables,
      cookies: ctx.session.cookies,
    });
  }
  return suiteCaseForFix(args, ctx);
}

async function suiteCaseForFix(args: FailingCaseArgs, ctx: ToolContext): Promise<CaseUnderFix> {
  if (!args.suite || !args.case) throw new ToolError('give both suite (its name) and case (the id or name of the failing case)');
  const suite = await suiteForTool(ctx.projectRoot, args.suite);
  const wanted = args.case.trim().toLowerCase();
  const testCase =
    suite.cases.find((candidate) => candidate.id.toLowerCase() === wanted) ?? suite.cases.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (!testCase) {
    const ids = suite.cases.slice(0, 10).map((candidate) => candidate.id);
    throw new ToolError(`suite "${suite.name}" has no case "${args.case}"; its cases: ${ids.join(', ')}${suite.cases.length > ids.length ? ', …' : ''}`);
  }
  const { suiteCase } = await import('../engine/suite-case.js');
  return suiteCase({
    testCase,
    suiteCases: suite.cases,
    baseUrl: await testBaseUrl(args.base_url, ctx),
    spec: await ingestedSpecIfAny(ctx.projectRoot),
    variables: ctx.variables,
  });
}

/** Unknown `{{VAR}}` names are said before anything runs. */
async function checkVariables(request: RequestParts, ctx: ToolContext): Promise<void> {
  await ctx.variables.resolveDeep(request).catch((error: unknown) => {
    throw error instanceof UnknownVariableError ? new ToolError(error.message) : error;
  });
}

async function expectations(fields: Record<string, unknown> | undefined, what: string): Promise<ResponseExpectations | undefined> {
  if (!fields) return undefined;
  const { SavedAssertionsError, toResponseExpectations } = await import('../../../engines/requests/saved-assertions.js');
  try {
    return toResponseExpectations(fields);
  } catch (error) {
    if (error instanceof SavedAssertionsError) throw new ToolError(`${what}: ${error.message}`);
    throw error;
  }
}
