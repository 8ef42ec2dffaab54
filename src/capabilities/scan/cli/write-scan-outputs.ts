import { type ScanReportFormat, writeProjectScanReport, writeScanReport } from '../engine/report/write-scan-report.js';
import type { ScanResult } from '../engine/run-scan.js';
import { VERSION } from '../../../version.js';
import { hasFalconDir } from '../../../workspace/falcon-dir.js';

export interface ScanOutputs {
  projectRoot: string;
  json?: string;
  sarif?: string;
  report?: string;
  /** The spec file (or the GraphQL schema's), for SARIF's locations. */
  specUri?: string;
}

/** Writes --json, --sarif, --report and, in a project with a .falcon folder, its Markdown report; returns where. */
export async function writeScanOutputs(result: ScanResult, outputs: ScanOutputs): Promise<string[]> {
  const written: string[] = [];
  const files: Array<[string | undefined, ScanReportFormat | undefined]> = [
    [outputs.json, 'json'],
    [outputs.sarif, 'sarif'],
    [outputs.report, undefined],
  ];
  for (const [file, format] of files) {
    if (file === undefined) continue;
    await writeScanReport(result, file, { version: VERSION, specUri: outputs.specUri, ...(format && { format }) });
    written.push(file);
  }
  if (await hasFalconDir(outputs.projectRoot)) {
    written.push(await writeProjectScanReport(result, { projectRoot: outputs.projectRoot, name: result.spec }));
  }
  return written;
}
