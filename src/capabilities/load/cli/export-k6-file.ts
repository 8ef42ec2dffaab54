import { exportK6 } from '../../../engines/perf/export-k6.js';
import type { PerfScenario, ThresholdSpec } from '../../../engines/perf/perf-scenario.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { k6ExportLines } from '../../../kit/command/k6-export-lines.js';
import { UsageError } from '../../../kit/command/user-error.js';

/** Writes the scenario as a k6 script; returns the lines that name what it reads from the environment and how to run it. */
export async function exportK6File(
  file: string,
  scenario: PerfScenario,
  thresholds: ThresholdSpec[],
  secrets: SecretRegistry,
  baseUrl: string,
): Promise<string[]> {
  const { script, variables } = exportK6(scenario, thresholds, secrets, baseUrl);
  await replaceFile(file, script).catch((error: unknown) => {
    throw new UsageError(`--export-k6 ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  });
  return k6ExportLines(file, variables);
}
