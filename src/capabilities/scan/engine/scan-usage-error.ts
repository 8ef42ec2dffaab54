/** Options, a spec or credentials the user must change before a scan can run (exit 2 in `falcon scan`). */
export class ScanUsageError extends Error {
  override name = 'ScanUsageError';
}
