/** The target could not be reached at all: no load was sent (`falcon perf` exits 1 at once). */
export class TargetUnreachableError extends Error {
  override name = 'TargetUnreachableError';
}
