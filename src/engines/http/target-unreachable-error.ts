/** The target could not be reached at all: nothing was sent (`falcon perf` and `falcon scan` exit 1 at once). */
export class TargetUnreachableError extends Error {
  override name = 'TargetUnreachableError';
}
