import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FlowRun } from '../engine/flow-run.js';
import { writeFlowReportFile, writeProjectFlowReport } from '../engine/report/write-flow-reports.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { hasFalconDir } from '../../../workspace/falcon-dir.js';
import type { FlowReportTarget } from './flow-run-flags.js';

export interface FlowOutputs {
  written: string[];
  failed: string[];
}

/**
 * The Markdown report in .falcon/reports/ (when the project has a .falcon folder), then --report and
 * --junit. A file that cannot be written is listed in `failed`, and the others are still written.
 */
export async function writeFlowOutputs(run: FlowRun, projectRoot: string, targets: FlowReportTarget[], secrets: SecretRegistry): Promise<FlowOutputs> {
  const outputs: FlowOutputs = { written: [], failed: [] };
  if (await hasFalconDir(projectRoot)) outputs.written.push(await writeProjectFlowReport(run, { projectRoot, name: run.name, secrets }));
  for (const target of targets) {
    try {
      await mkdir(path.dirname(target.file), { recursive: true });
      await writeFlowReportFile(run, target.file, target.format, secrets);
      outputs.written.push(target.shown);
    } catch (error) {
      // mkdir fails with an errno; writeFlowReportFile wraps a failed write in a plain Error. Anything else is a bug.
      const { name: kind, code, message } = error as NodeJS.ErrnoException;
      if (code === undefined && kind !== 'Error') throw error;
      outputs.failed.push(`cannot write ${target.shown}: ${code ?? message}`);
    }
  }
  return outputs;
}
