import { basename, dirname } from 'node:path';
import { expect } from 'vitest';
import { parseJsonDocument } from '../../src/engines/assertions/exact-json.js';
import { validateJsonSchema } from '../../src/engines/assertions/json-schema.js';
import { convertSpec } from '../../src/engines/spec/convert-spec.js';
import type { FalconSpec, SpecOperation } from '../../src/engines/spec/spec-format.js';

/** The spec as Falcon ingests it. */
export function loadSpec(specFile: string): Promise<FalconSpec> {
  return convertSpec(basename(specFile), dirname(specFile), new AbortController().signal);
}

export function operation(spec: FalconSpec, method: string, path: string): SpecOperation {
  const found = spec.operations.find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`${method} ${path} is not in ${spec.title}`);
  return found;
}

/** A live answer, body read. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json(): unknown;
}

export async function call(url: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
}

/**
 * Asserts the answer is one the operation documents: its status (or `default`), a documented
 * media type, a body valid against that media type's schema and every required header.
 */
export async function expectDocumented(spec: FalconSpec, method: string, path: string, answer: Answer): Promise<void> {
  const documented = operation(spec, method, path);
  const response = documented.responses[String(answer.status)] ?? documented.responses.default;
  expect(response, `${method} ${path} answered ${answer.status}, documented: ${Object.keys(documented.responses).join(', ')}`).toBeDefined();
  for (const [name, header] of Object.entries(response?.headers ?? {})) {
    if (header.required) expect(answer.headers.get(name), `${method} ${path}: header ${name}`).not.toBeNull();
  }
  const content = response?.content ?? {};
  if (Object.keys(content).length === 0) return;
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  expect(Object.keys(content), `${method} ${path}: content-type ${mediaType}`).toContain(mediaType);
  const schema = content[mediaType]?.schema;
  if (!schema) return;
  const { violations } = await validateJsonSchema(schema, parseJsonDocument(answer.text));
  expect(violations, `${method} ${path} ${answer.status}: ${answer.text}`).toEqual([]);
}
