import { ExtractionError, extractValue } from '../../assertions/extract-value.js';
import { JsonPathError } from '../../assertions/json-path.js';
import { toStoredResponse } from '../../http/stored-response.js';
import type { HttpResponse } from '../../http/send-request.js';
import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { TestCase } from '../test-case.js';

export type ChainValues = { ok: true; values: Record<string, string> } | { ok: false; error: string };

/** The values a chain step's `extract` names (name → JSONPath), read from its response. */
export function extractChainValues(testCase: TestCase, response: HttpResponse): ChainValues {
  const values: Record<string, string> = {};
  const stored = toStoredResponse(response);
  for (const [name, path] of Object.entries(testCase.extract ?? {})) {
    try {
      values[name] = extractValue(stored, { jsonPath: path }).text;
    } catch (error) {
      if (!(error instanceof ExtractionError || error instanceof JsonPathError)) throw error;
      return { ok: false, error: `no value for ${name} at ${path}: ${error.message}` };
    }
  }
  return { ok: true, values };
}

/** The values as a report keeps them: secrets masked, the session's and those of a secret's shape. */
export function maskedValues(values: Record<string, string>, secrets?: SecretRegistry): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, maskText(value, { secrets })]));
}
