import { baseUrlProblem, withoutTrailingSlash } from '../workspace/init/base-url-check.js';
import type { SpecCandidate } from '../workspace/init/find-spec.js';
import { SpecPathError, specAtPath } from '../workspace/init/spec-at-path.js';
import { FRAMEWORKS, type Framework, isFramework } from '../workspace/init/frameworks.js';
import { UsageError } from '../kit/command/user-error.js';

/** `--framework`: one of the known frameworks. */
export function parseFrameworkOption(value: string): Framework {
  const name = value.trim().toLowerCase();
  if (!isFramework(name)) throw new UsageError(`unknown framework "${value}" for --framework; choose one of: ${FRAMEWORKS.join(', ')}`);
  return name;
}

/** `--base-url`: an http(s) URL, without a trailing slash so that `{{BASE_URL}}/users` reads well. */
export function parseBaseUrlOption(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new UsageError(`--base-url: ${problem}`);
  return withoutTrailingSlash(value);
}

/** A spec file the user named: inside the project, and an OpenAPI, Swagger or Postman file by its content. */
export async function resolveSpecPath(projectRoot: string, value: string): Promise<SpecCandidate> {
  return specAtPath(projectRoot, value).catch((error: unknown) => {
    throw error instanceof SpecPathError ? new UsageError(error.message) : error;
  });
}
