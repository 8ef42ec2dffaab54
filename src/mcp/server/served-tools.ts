import { findHandlerTool } from '../../tools/find-handler.js';
import { httpRequestTool } from '../../tools/http-request.js';
import { runFlowTool } from '../../tools/run-flow.js';
import { runPerformanceTool } from '../../tools/run-performance.js';
import type { AnyTool } from '../../tools/tool.js';
import { listEnvironmentsTool } from './tools/list-environments-tool.js';
import { runSavedRequestTool } from './tools/run-saved-request-tool.js';
import { runSpecTestsTool } from './tools/run-spec-tests-tool.js';
import { servedScanSecurity } from './tools/served-scan-security.js';

export interface ServedToolsOptions {
  /** `--allow-destructive`: scan_security may DELETE and change other users' data when a call asks. */
  allowDestructive: boolean;
}

/**
 * What `falcon mcp serve` offers: the engines that need no model, through the same tools a session
 * uses (validation, previews, observations) where there is one.
 */
export function servedTools(options: ServedToolsOptions): AnyTool[] {
  return [
    httpRequestTool,
    runSpecTestsTool,
    runFlowTool,
    runPerformanceTool,
    servedScanSecurity(options.allowDestructive),
    findHandlerTool,
    runSavedRequestTool,
    listEnvironmentsTool,
  ];
}
