import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { convertSpec } from '../../../../src/engines/spec/convert-spec.js';
import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../../../src/engines/spec/spec-format.js';
import type { CaseRequest, TestCase } from '../../../../src/engines/testing/test-case.js';
import { createTempProject } from '../../../tools/temp-project.js';
import { SPEC_FIXTURES } from '../../spec/spec-project.js';

/** A fixture of test/fixtures/specs (by name) or any spec file (by absolute path), converted as `falcon spec ingest` would. */
export async function ingestedSpec(file: string): Promise<FalconSpec> {
  const project = await createTempProject();
  try {
    await mkdir(path.join(project.root, 'specs'));
    const source = path.isAbsolute(file) ? file : path.join(SPEC_FIXTURES, file);
    await copyFile(source, path.join(project.root, 'specs', path.basename(source)));
    return await convertSpec(`specs/${path.basename(source)}`, project.root, new AbortController().signal);
  } finally {
    await project.remove();
  }
}

/** The public OpenAPI 3.0 and 3.1 samples of @readme/oas-examples, ingested once per run (test/support/public-samples.ts). */
export { publicOpenApiSamples } from '../../../support/public-samples.js';

export function operationOf(spec: FalconSpec, id: string): SpecOperation {
  const found = spec.operations.find((operation) => operation.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

export function caseOf(cases: TestCase[], id: string): TestCase {
  const found = cases.find((testCase) => testCase.id === id);
  if (!found) throw new Error(`no case ${id} among ${cases.map((testCase) => testCase.id).join(', ')}`);
  return found;
}

/** Not comparable once on the wire: an exploded object, a list in a path or header. */
export const NOT_COMPARABLE = Symbol('not comparable');

/**
 * The value a request sends for a parameter, typed again where the wire made it text (headers and
 * cookies by their schema's type); undefined when it is not sent.
 */
export function sentParameterValue(request: CaseRequest, parameter: SpecParameter): unknown {
  const types = typesOf(parameter.schema);
  if (types.includes('object') || (parameter.in !== 'query' && types.includes('array'))) return NOT_COMPARABLE;
  if (parameter.in === 'path') return request.pathParams?.[parameter.name];
  if (parameter.in === 'query') return request.query?.[parameter.name];
  const text = parameter.in === 'header' ? request.headers?.[parameter.name] : cookieValue(request.headers?.Cookie, parameter.name);
  return text === undefined ? undefined : typedText(text, types);
}

/** The schema of the media type the request's body was sent as. */
export function sentBodySchema(operation: SpecOperation, request: CaseRequest): JsonSchema | undefined {
  const content = operation.requestBody?.content ?? {};
  const essence = request.contentType?.split(';')[0];
  const mediaType = essence && (content[essence] ? essence : Object.keys(content).find((type) => /json/.test(type)));
  return mediaType ? content[mediaType]?.schema : undefined;
}

function typesOf(schema: JsonSchema | undefined): string[] {
  const type = schema?.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  const pair = header?.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair && decodeURIComponent(pair.slice(name.length + 1));
}

function typedText(text: string, types: string[]): unknown {
  if (types.includes('integer') || types.includes('number')) return Number(text);
  if (types.includes('boolean')) return text === 'true';
  return text;
}
