/** Options or a target the user must change before a load run can start (exit 2 in `falcon perf`). */
export class PerfUsageError extends Error {
  override name = 'PerfUsageError';
}
