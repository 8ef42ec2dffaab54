import { exportK6 } from '../../engines/perf/export-k6.js';
import type { PerfScenario, ThresholdSpec } from '../../engines/perf/perf-scenario.js';
import { replaceFile } from '../../safety/atomic-write.js';
import type { SecretRegistry } from '../../safety/secret-registry.js';
import { UsageError } from '../user-error.js';

/** Writes the scenario as a k6 script; returns the line that says how to run it. */
export async function exportK6File(file: string, scenario: PerfScenario, thresholds: ThresholdSpec[], secrets: SecretRegistry): Promise<string> {
  const script = exportK6(scenario, thresholds, secrets);
  await replaceFile(file, script).catch((error: unknown) => {
    throw new UsageError(`--export-k6 ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  });
  const variables = [...new Set([...script.matchAll(/__ENV\.([A-Za-z_]\w*)/g)].map((match) => match[1]))];
  const settings = variables.map((name) => ` -e ${name}=…`).join('');
  return `Wrote the k6 script ${file}; run it with: k6 run${settings} ${file}`;
}
