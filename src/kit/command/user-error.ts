/** Errors caused by the user's input or setup: printed as one message, never with a stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const USER_ERROR_NAMES = new Set([
  'ConfigError',
  'FalconLayoutError',
  'FileLockError',
  'ModelSetupError',
  'SessionNotFoundError',
  'SessionWriteError',
  'UsageError',
]);

export function isUserError(error: unknown): error is Error {
  return error instanceof Error && USER_ERROR_NAMES.has(error.name);
}

/** Bad usage exits 2; a setup problem (config, provider) exits 1. */
export function exitCodeForUserError(error: Error): number {
  return error.name === 'UsageError' || error.name === 'SessionNotFoundError' ? 2 : 1;
}
