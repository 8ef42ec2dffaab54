import { TargetUnreachableError } from '../../../engines/http/target-unreachable-error.js';
import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { writeProjectPerfReport } from '../../../engines/perf/report/write-perf-report.js';
import { ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';
import { describePerfRun } from './describe-perf-run.js';

/** A load run of run_performance, HTTP or WebSocket, once it ends: its report written, its figures for the model. */
export async function reportPerfRun(running: Promise<PerfResult>, ctx: ToolContext, name?: string): Promise<string> {
  const result = await running.catch((error: unknown) => {
    if (error instanceof TargetUnreachableError) throw new ToolError(maskText(`${error.message} — no load was sent.`, { secrets: ctx.secrets }));
    throw error;
  });
  const report = await writeProjectPerfReport(result, { projectRoot: ctx.projectRoot, name: name ?? result.target });
  return maskText(describePerfRun(result, report), { secrets: ctx.secrets });
}
