import { runSpecTests, type SpecTestOptions, type SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { createTempProject } from '../../tools/temp-project.js';

/**
 * `falcon test` of the server against its own spec, through the engine: every strategy, every
 * check. One request at a time unless told otherwise, so that what a case finds does not depend on
 * which other case changed the data first.
 */
export async function testServer(server: SpecServer, options: Partial<SpecTestOptions> = {}): Promise<SpecTestResult> {
  const project = await createTempProject();
  try {
    return await runSpecTests({
      projectRoot: project.root,
      spec: server.specFile,
      baseUrl: server.url,
      variables: new VariableScope(project.root, {}),
      concurrency: 1,
      ...options,
    });
  } finally {
    await project.remove();
  }
}

/** `createPost/negative/body-missing` → the kinds of its findings, in order, for the results that have any. */
export function findingKinds(results: CaseResult[]): Record<string, string[]> {
  return Object.fromEntries(
    results.filter((result) => result.findings.length > 0).map((result) => [result.case.id, result.findings.map((finding) => finding.kind).sort()]),
  );
}

/** Each distinct finding once, as `operationId kind: message`, sorted. */
export function distinctFindings(results: CaseResult[]): string[] {
  return [...new Set(results.flatMap((result) => result.findings.map((finding) => `${result.case.operationId} ${finding.kind}: ${finding.message}`)))].sort();
}

/** The steps of one chain, in order. */
export function chainSteps(results: CaseResult[], chainId: string): CaseResult[] {
  return results.filter((result) => result.case.chain?.id === chainId).sort((a, b) => a.case.chain!.step - b.case.chain!.step);
}

/** `POST /posts 201`: what each step sent and got. */
export function stepLine(result: CaseResult): string {
  return `${result.case.request.method} ${result.case.request.path} ${result.response?.status ?? 'no response'}`;
}
