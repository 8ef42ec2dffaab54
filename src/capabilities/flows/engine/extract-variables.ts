import { isSecretName } from '../../../safety/secret-names.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { type ExtractionSource, extractValue } from '../../../engines/assertions/extract-value.js';
import type { StoredResponse } from '../../../engines/http/response-store.js';
import type { StepFailure } from './flow-run.js';

/** Sets each of a step's `extract` variables in every scope given; what could not be read becomes a failure. */
export function extractVariables(
  response: StoredResponse,
  extract: Record<string, string>,
  scopes: VariableScope[],
): { extracted: string[]; failures: StepFailure[] } {
  const extracted: string[] = [];
  const failures: StepFailure[] = [];
  for (const [name, spec] of Object.entries(extract)) {
    try {
      const source = extractionSource(spec);
      const { text } = extractValue(response, source);
      // A token or password read from a response is as secret as one from the environment.
      if (isSecretName(name) || isSecretName(sourceName(source))) scopes[0]?.secrets.register(text, name);
      for (const scope of scopes) scope.session.set(name, text);
      extracted.push(name);
    } catch (error) {
      failures.push({ check: `extract ${name}`, expected: spec, actual: (error as Error).message });
    }
  }
  return { extracted, failures };
}

/** `$.json.path`, `header:Name`, `regex:PATTERN`. */
function extractionSource(spec: string): ExtractionSource {
  if (spec.startsWith('header:')) return { header: spec.slice('header:'.length).trim() };
  if (spec.startsWith('regex:')) return { regex: spec.slice('regex:'.length) };
  return { jsonPath: spec };
}

/** The name a value had where it was read: the header, or the last key of a JSONPath. */
function sourceName(source: ExtractionSource): string {
  if ('header' in source) return source.header;
  if ('jsonPath' in source) return /([\w-]+)\W*$/.exec(source.jsonPath)?.[1] ?? '';
  return '';
}
