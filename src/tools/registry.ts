import { analyzeEndpointTool } from './analyze-endpoint.js';
import { analyzeFailureTool } from './analyze-failure.js';
import { assertResponseTool } from './assert-response.js';
import { authTool } from './auth.js';
import { autoFixTool } from './auto-fix.js';
import { autoTestTool } from './auto-test.js';
import { bashTool } from './bash.js';
import { checkRegressionTool } from './check-regression.js';
import { compareResponsesTool } from './compare-responses.js';
import { createTestFileTool } from './create-test-file.js';
import { editFileTool } from './edit-file.js';
import { environmentTool } from './environment.js';
import { extractValueTool } from './extract-value.js';
import { falconReadTool } from './falcon-read.js';
import { falconWriteTool } from './falcon-write.js';
import { findHandlerTool } from './find-handler.js';
import { generateFunctionalTestsTool } from './generate-functional-tests.js';
import { globTool } from './glob.js';
import { httpRequestTool } from './http-request.js';
import { ingestSpecTool } from './ingest-spec.js';
import { listFilesTool } from './list-files.js';
import { memoryTool } from './memory.js';
import { proposeFixTool } from './propose-fix.js';
import { readFileTool } from './read-file.js';
import { requestTool } from './request.js';
import { createRetryTool } from './retry.js';
import { runDataDrivenTool } from './run-data-driven.js';
import { runFlowTool } from './run-flow.js';
import { runPerformanceTool } from './run-performance.js';
import { scanSecurityTool } from './scan-security.js';
import { runSmokeTool } from './run-smoke.js';
import { runTestsTool } from './run-tests.js';
import { searchCodeTool } from './search-code.js';
import { serverTool } from './server.js';
import { sessionLogTool } from './session-log.js';
import { subagentTool } from './subagent.js';
import { testSuiteTool } from './test-suite.js';
import type { AnyTool } from './tool.js';
import { createToolSearchTool } from './tool-search.js';
import { validateJsonSchemaTool } from './validate-json-schema.js';
import { variableTool } from './variable.js';
import { verifyIdempotencyTool } from './verify-idempotency.js';
import { taskOutputTool } from './task-output.js';
import { taskStopTool } from './task-stop.js';
import { waitTool } from './wait.js';
import { webhookListenerTool } from './webhook-listener.js';
import { writeFileTool } from './write-file.js';

export interface ToolRegistry {
  get(name: string): AnyTool | undefined;
  /** In the order given, which is the order of the prompt's tool reference. */
  list(): AnyTool[];
  /** Every name a call may use: the tools' and their aliases. */
  readonly names: ReadonlySet<string>;
}

/** Names models know from the Go original: a call by one runs the tool it names, which the prompt lists once. */
const TOOL_ALIASES: Readonly<Record<string, string>> = { orchestrate_integration: 'run_flow' };

export function createToolRegistry(tools: readonly AnyTool[]): ToolRegistry {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
    byName.set(tool.name, tool);
  }
  const aliasesOf = (name: string) => Object.keys(TOOL_ALIASES).filter((alias) => TOOL_ALIASES[alias] === name && !byName.has(alias));
  // Each alias right after its tool, so that a list of the names reads as the tools' list.
  const lookup = new Map([...byName].flatMap(([name, tool]) => [name, ...aliasesOf(name)].map((key) => [key, tool] as const)));
  return {
    get: (name) => lookup.get(name),
    list: () => [...byName.values()],
    names: new Set(lookup.keys()),
  };
}

/**
 * The tools every session gets. Core tools are described in full in the prompt: what an API-testing
 * session uses on most turns. Deferred tools are listed there by name only, in groups, to keep the
 * first request small enough for an 8k-token model; tool_search returns their descriptions and parameters.
 * `outside`: tools from outside Falcon (MCP servers'), after Falcon's own, core or deferred as they come.
 */
export function createDefaultTools(outside: readonly AnyTool[] = []): AnyTool[] {
  const core: AnyTool[] = [
    // Requests and what to check in their responses
    httpRequestTool,
    assertResponseTool,
    extractValueTool,
    // The API's spec, and a first check of it
    ingestSpecTool,
    runSmokeTool,
    // The API's own code
    readFileTool,
    listFilesTool,
    searchCodeTool,
    findHandlerTool,
    analyzeFailureTool,
    editFileTool,
    bashTool,
    // What Falcon remembers
    memoryTool,
  ];
  // Listed in the prompt by name under their group; tool_search gives their descriptions and parameters.
  const deferredGroups: ReadonlyArray<[group: string, tools: AnyTool[]]> = [
    ['requests and responses', [validateJsonSchemaTool, compareResponsesTool, authTool, waitTool, webhookListenerTool]],
    ['tests from the spec', [generateFunctionalTestsTool, runTestsTool, testSuiteTool, runDataDrivenTool, verifyIdempotencyTool, checkRegressionTool]],
    ['flows, load and security', [runFlowTool, runPerformanceTool, scanSecurityTool]],
    ['the .falcon/ workspace', [requestTool, environmentTool, variableTool, falconReadTool, falconWriteTool, sessionLogTool]],
    ["the API's code", [globTool, writeFileTool, proposeFixTool, createTestFileTool]],
    // As .falcon/config.yaml starts it: its log, its reload after a change
    ["the API's server", [serverTool]],
    // bash's answer spells out how to call the task tools
    ['background tasks and sub-agents', [taskOutputTool, taskStopTool, subagentTool]],
    // Several of the tools above in one call, for one endpoint or one failing case
    ['workflows', [analyzeEndpointTool, autoTestTool, autoFixTool]],
  ];
  const deferred = deferredGroups.flatMap(([group, members]) => members.map((tool) => deferTool(tool, group)));
  const byName = new Map([...core, ...deferred].map((tool) => [tool.name, tool]));
  const tools: AnyTool[] = [
    ...core,
    createToolSearchTool(() => tools),
    ...deferred,
    deferTool(createRetryTool((name) => byName.get(name)), 'requests and responses'),
    ...outside,
  ];
  return tools;
}

function deferTool(tool: AnyTool, group: string): AnyTool {
  return { ...tool, deferred: true, group };
}
