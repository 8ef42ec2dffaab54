import type { z } from 'zod';
import { ConfigError, type ConfigProblem, formatConfigProblem } from './config-error.js';
import { describeIssue } from './describe-issue.js';
import type { KeyPath, YamlFile } from './yaml-file.js';

export interface ValidatedConfig<T> {
  data: T;
  /** Formatted `file:line: key: message` lines. */
  warnings: string[];
}

export function problemAt(file: YamlFile, path: KeyPath, message: string): ConfigProblem {
  return { ...file.locate(path), message };
}

/**
 * Checks a parsed file against a schema built from strict objects. Keys the schema does not know are
 * warnings; when the file also has errors they are listed with them, since a misspelt key often
 * explains a missing one. An empty file is an empty mapping.
 */
export function validateConfig<S extends z.ZodType>(file: YamlFile, schema: S): ValidatedConfig<z.output<S>> {
  const value = file.value ?? {};
  const result = schema.safeParse(value, { error: describeIssue });
  if (result.success) return { data: result.data, warnings: [] };

  const unknownKeys: KeyPath[] = [];
  const errors: ConfigProblem[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') unknownKeys.push(...issue.keys.map((key) => [...path, key]));
    else errors.push(problemAt(file, path, issue.message));
  }
  if (errors.length > 0) {
    const unknownKeyProblems = unknownKeys.map((path) => problemAt(file, path, 'unknown key'));
    throw new ConfigError(file.displayPath, byLine([...errors, ...unknownKeyProblems]));
  }
  return {
    data: schema.parse(withoutKeys(value, unknownKeys)),
    warnings: byLine(unknownKeys.map((path) => problemAt(file, path, 'unknown key, ignored'))).map((problem) => formatConfigProblem(file.displayPath, problem)),
  };
}

function withoutKeys(value: unknown, paths: readonly KeyPath[]): unknown {
  const copy = structuredClone(value);
  for (const path of paths) {
    const parent = path.slice(0, -1).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], copy);
    delete (parent as Record<string, unknown>)[path[path.length - 1] as string];
  }
  return copy;
}

function byLine(problems: ConfigProblem[]): ConfigProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
