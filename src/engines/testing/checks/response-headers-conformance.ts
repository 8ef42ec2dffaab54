import type { JsonSchema, SpecHeader } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import { type CheckContext, documentedLabel, responseHeader, defineSpecCheck } from './check-context.js';

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Headers the documented response marks required must be there; a documented header that is there
 * and has a simple schema (integer, number, boolean, string with its format, pattern or enum) must
 * match it. `Content-Type` is left to content_type_conformance, as OpenAPI says.
 */
export const responseHeadersConformance = defineSpecCheck({ name: 'response_headers_conformance', needs: 'schemas', judge });

function judge({ operation, documented, response, schemas }: CheckContext): string[] {
  const headers = documented?.response.headers;
  if (!operation || !documented || !headers || !schemas) return [];
  const findings: string[] = [];
  for (const [name, header] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-type') continue;
    const value = responseHeader(response, name);
    if (value === undefined) {
      if (header.required) findings.push(`required header ${name} is missing (documented for ${documentedLabel(operation, documented)})`);
      continue;
    }
    for (const problem of headerViolations(header, value, schemas)) {
      findings.push(`header ${name}${problem.replace(/^\$/, '')} (documented for ${documentedLabel(operation, documented)})`);
    }
  }
  return findings;
}

function headerViolations(header: SpecHeader, text: string, schemas: SpecSchemaValidator): string[] {
  const type = simpleType(header.schema);
  if (!header.schema || !type) return [];
  const value = typed(text, type);
  try {
    return schemas.violations(header.schema, { exact: value, plain: value });
  } catch (error) {
    return [`: its documented schema cannot be used: ${(error as Error).message}`];
  }
}

function simpleType(schema: JsonSchema | undefined): string | undefined {
  const types = ([] as unknown[]).concat(schema?.type ?? []).filter((type) => type !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  return typeof type === 'string' && ['integer', 'number', 'boolean', 'string'].includes(type) ? type : undefined;
}

/** A header is text: numbers and booleans are read from it, so that a wrong one is shown as the text it was. */
function typed(text: string, type: string): unknown {
  const trimmed = text.trim();
  if ((type === 'integer' || type === 'number') && NUMBER_TEXT.test(trimmed)) return Number(trimmed);
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}
