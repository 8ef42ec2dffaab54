import path from 'node:path';
import { type FlowReportFormat, flowReportFormatOfFile } from '../engine/report/flow-report-format.js';
import { UsageError } from '../../../kit/command/user-error.js';

/** What commander hands the action of `falcon flow run`. */
export interface FlowRunFlags {
  /** Start the API's server first, stop it after (`cli/serve/`). */
  serve?: boolean;
  env?: string;
  junit?: string;
  report?: string;
}

export interface FlowReportTarget {
  /** Absolute. */
  file: string;
  /** As the user gave it, for the summary. */
  shown: string;
  format: FlowReportFormat;
}

/** `--report` (its format by extension) and `--junit`, checked before anything is sent. */
export function flowReportTargets(flags: FlowRunFlags, cwd: string): FlowReportTarget[] {
  const targets: FlowReportTarget[] = [];
  if (flags.report !== undefined) {
    const format = flowReportFormatOfFile(flags.report);
    if (!format) throw new UsageError(`--report ${flags.report}: the extension says no format; use .md, .json or .xml (JUnit)`);
    targets.push({ file: path.resolve(cwd, flags.report), shown: flags.report, format });
  }
  if (flags.junit !== undefined) targets.push({ file: path.resolve(cwd, flags.junit), shown: flags.junit, format: 'junit' });
  return targets;
}
