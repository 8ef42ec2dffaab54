import { stat } from 'node:fs/promises';
import { resolveInsideProject } from '../safety/project-path.js';
import { identifySpec, type SpecCandidate } from '../workspace/init/find-spec.js';
import { FRAMEWORKS, type Framework, isFramework } from '../workspace/init/frameworks.js';
import { UsageError } from './user-error.js';

/** `--framework`: one of the known frameworks. */
export function parseFrameworkOption(value: string): Framework {
  const name = value.trim().toLowerCase();
  if (!isFramework(name)) throw new UsageError(`unknown framework "${value}" for --framework; choose one of: ${FRAMEWORKS.join(', ')}`);
  return name;
}

/** What is wrong with a base URL, or `undefined` when it is an http(s) URL. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `"${value}" is not a URL; expected e.g. http://localhost:3000`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${value}" is not an http:// or https:// URL`;
  return undefined;
}

/** `--base-url`: an http(s) URL, without a trailing slash so that `{{BASE_URL}}/users` reads well. */
export function parseBaseUrlOption(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new UsageError(`--base-url: ${problem}`);
  return withoutTrailingSlash(value);
}

export function withoutTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** A spec file the user named: inside the project, and an OpenAPI, Swagger or Postman file by its content. */
export async function resolveSpecPath(projectRoot: string, value: string): Promise<SpecCandidate> {
  const file = await resolveInsideProject(projectRoot, value.trim()).catch((error: Error) => {
    throw new UsageError(error.message);
  });
  if (!(await stat(file.absolute)).isFile()) throw new UsageError(`not a file: ${value}`);
  const spec = await identifySpec(projectRoot, file.relative);
  if (!spec) throw new UsageError(`${value} is not an OpenAPI, Swagger or Postman collection file`);
  return spec;
}
