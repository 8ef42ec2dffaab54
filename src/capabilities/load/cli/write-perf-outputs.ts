import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { writePerfReport, writeProjectPerfReport } from '../../../engines/perf/report/write-perf-report.js';
import { maskStructured } from '../../../safety/mask-structured.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { hasFalconDir } from '../../../workspace/falcon-dir.js';

export interface PerfOutputs {
  projectRoot: string;
  json?: string;
  report?: string;
  /** What the project's report is named after: the saved request, else the target. */
  name: string;
  secrets: SecretRegistry;
}

/** Writes --json, --report and, in a project with a .falcon folder, its Markdown report; returns where. */
export async function writePerfOutputs(result: PerfResult, outputs: PerfOutputs): Promise<string[]> {
  const masked = maskStructured(result, { secrets: outputs.secrets });
  const written: string[] = [];
  for (const file of [outputs.json, outputs.report]) {
    if (file === undefined) continue;
    await writePerfReport(masked, file);
    written.push(file);
  }
  if (await hasFalconDir(outputs.projectRoot)) {
    written.push(await writeProjectPerfReport(masked, { projectRoot: outputs.projectRoot, name: outputs.name }));
  }
  return written;
}
