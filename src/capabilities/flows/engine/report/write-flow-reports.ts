import { replaceFile } from '../../../../safety/atomic-write.js';
import type { SecretRegistry } from '../../../../safety/secret-registry.js';
import { cannotWriteReport, writeProjectReport } from '../../../../engines/testing/report/project-report-file.js';
import type { FlowRun } from '../flow-run.js';
import type { FlowReportFormat } from './flow-report-format.js';
import { renderFlowReport } from './render-flow-report.js';

/**
 * Writes `.falcon/reports/flow_report_<name>_<YYYYMMDD-HHMMSS>.md`, and beside it `<same name>.json`
 * (what `--report FILE.json` writes), and returns the Markdown's project-relative path.
 */
export function writeProjectFlowReport(run: FlowRun, options: { projectRoot: string; name: string; secrets?: SecretRegistry; now?: Date }): Promise<string> {
  return writeProjectReport(options.projectRoot, {
    type: 'flow',
    name: options.name,
    now: options.now ?? new Date(),
    extension: 'md',
    content: renderFlowReport(run, 'md', options.secrets),
    jsonTwin: renderFlowReport(run, 'json', options.secrets),
  });
}

/** Writes one report where the user asked; a reader never sees half a file. */
export async function writeFlowReportFile(run: FlowRun, file: string, format: FlowReportFormat, secrets?: SecretRegistry): Promise<void> {
  await replaceFile(file, renderFlowReport(run, format, secrets)).catch((error: unknown) => {
    throw cannotWriteReport(file, error);
  });
}
