import { BaseUrlError } from '../../engines/testing/choose-base-url.js';
import { SpecTestSetupError } from '../../engines/testing/run-spec-tests.js';
import { OperationFilterError } from '../../engines/testing/select-operations.js';

// Problems with what the user gave or set up; each is one line, and the run never started.
const PLAIN_MESSAGES = new Set(['UsageError', 'SpecError', 'UnknownVariableError', 'EnvironmentFileError', 'ProjectPathError', 'SeedDataError']);

/** The one line to print for an error that stops `falcon test` before it runs; `undefined` for a bug. */
export function describeSetupError(error: unknown): string | undefined {
  if (error instanceof SpecTestSetupError && error.reason === 'no-spec') {
    return 'no spec to test: pass --spec <file|url> (OpenAPI, Swagger, Postman), or ingest one first with: falcon spec ingest <file|url>';
  }
  if (error instanceof BaseUrlError && error.reason === 'missing') {
    return `${error.message}; pass --base-url <url>, or set BASE_URL in .falcon/environments/<name>.yaml and choose it with --env <name>`;
  }
  if (error instanceof OperationFilterError) return `--include/--exclude: ${error.message}`;
  if (error instanceof SpecTestSetupError || error instanceof BaseUrlError) return error.message;
  if (error instanceof Error && PLAIN_MESSAGES.has(error.name)) return error.message;
  return undefined;
}
