import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/** The SARIF 2.1.0 JSON schema that @microsoft/jest-sarif ships: draft-04, so ajv-draft-04 reads it. */
const SCHEMA_FILE = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

let validate: ValidateFunction | undefined;

/**
 * What makes `log` invalid SARIF 2.1.0, one line per problem
 * (`/runs/0/results/0/level: must be equal to one of the allowed values "none", "note", "warning", "error"`);
 * empty when it is valid.
 */
export function sarifViolations(log: unknown): string[] {
  validate ??= compileSchema();
  if (validate(log)) return [];
  return [...new Set((validate.errors ?? []).map(describe))];
}

function compileSchema(): ValidateFunction {
  // The schema's patterns are written for JavaScript's non-Unicode regular expressions.
  const ajv = new AjvDraft04.default({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const detail =
    params.additionalProperty !== undefined
      ? `: ${JSON.stringify(params.additionalProperty)}`
      : Array.isArray(params.allowedValues)
        ? ` ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`
        : '';
  return `${error.instancePath || '/'}: ${error.message ?? error.keyword}${detail}`;
}
