import { z } from 'zod';
import type { CaseKind, ProbeCheck, TestCase } from '../test-case.js';

// A record so that a kind added to CaseKind is a type error here until it is listed.
const CASE_KINDS: Record<CaseKind, true> = {
  smoke: true,
  happy: true,
  negative: true,
  boundary: true,
  stateful: true,
  fuzz: true,
  probe: true,
  data: true,
  custom: true,
};
const PROBE_CHECKS: Record<ProbeCheck, true> = { ignored_auth: true, unsupported_method: true, pagination_consistency: true };
const caseKinds = Object.keys(CASE_KINDS) as [CaseKind, ...CaseKind[]];

const paramValue = z.union([z.string(), z.number(), z.boolean()]);

const caseRequestSchema = z.strictObject({
  // `get` and `GET` mean the same to the user; the runner wants upper case.
  method: z
    .preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.string().regex(/^[A-Z]+$/, 'must be an HTTP method such as GET'))
    .describe('HTTP method, e.g. "GET"'),
  path: z.string().startsWith('/', 'must start with "/"').describe('path relative to the base URL; {name} is filled from pathParams, e.g. "/pets/{petId}"'),
  pathParams: z.record(z.string(), paramValue).optional().describe('values for the {name} segments of path, e.g. {"petId": 7}'),
  query: z
    .record(z.string(), z.union([paramValue, z.array(paramValue)]))
    .optional()
    .describe('query parameters; an array repeats the key'),
  headers: z.record(z.string(), z.string()).optional().describe('request headers; secrets as {{VAR}} placeholders'),
  body: z.unknown().optional().describe('a JSON value, or the exact text for a non-JSON contentType'),
  contentType: z.string().min(1).optional().describe('media type of body (default application/json)'),
  bodyIsText: z.boolean().optional().describe('true when body is the exact text to send though contentType is JSON (e.g. {"count":+1})'),
  files: z
    .record(z.string(), z.strictObject({ filename: z.string().min(1), contentType: z.string().min(1).optional() }))
    .optional()
    .describe('multipart/form-data: the body fields sent as files, e.g. {"avatar": {"filename": "me.png"}}'),
  withoutCredentials: z
    .strictObject({ headers: z.array(z.string().min(1)).optional(), cookies: z.array(z.string().min(1)).optional() })
    .optional()
    .describe("credentials left out of the run's headers: header names, and cookie names taken out of its Cookie"),
});

const bodyPath = z.array(z.string()).describe('property names from the top of the body; [] is the body itself');

const pageWalkSchema = z.strictObject({
  step: z.discriminatedUnion('by', [
    z.strictObject({ by: z.literal('page'), parameter: z.string().min(1), first: z.number().int().min(0) }),
    z.strictObject({ by: z.literal('offset'), parameter: z.string().min(1) }),
    z.strictObject({ by: z.literal('cursor'), parameter: z.string().min(1), from: z.union([z.literal('last-item'), z.strictObject({ body: bodyPath })]) }),
    z.strictObject({ by: z.literal('link') }),
  ]),
  size: z.strictObject({ parameter: z.string().min(1), value: z.number().int().min(1), largest: z.number().int().min(1).optional() }).optional(),
  items: bodyPath,
  key: z.string().min(1).optional(),
  total: z.union([z.strictObject({ in: z.literal('body'), path: bodyPath }), z.strictObject({ in: z.literal('header'), name: z.string().min(1) })]).optional(),
  pageCount: bodyPath.optional(),
  hasMore: bodyPath.optional(),
});

/**
 * A test case as a person or the model writes it (in a suite file or in run_tests): TestCase with
 * `id`, `name`, `kind` and `tags` optional. `{{VAR}}` placeholders may appear in any request string.
 */
export const testCaseInputSchema = z.strictObject({
  id: z.string().min(1).optional().describe('unique id (default: made from name or method and path)'),
  name: z.string().min(1).optional().describe('one line for the report (default: method and path)'),
  kind: z.enum(caseKinds).default('custom').describe('where the case came from'),
  operationId: z.string().min(1).optional().describe('the spec operation it exercises, for the conformance checks'),
  tags: z.array(z.string().min(1)).default([]).describe('labels to select cases by'),
  request: caseRequestSchema.describe('the request to send'),
  mutation: z.string().optional().describe('what was changed from a valid request, in words'),
  expectRejection: z.boolean().optional().describe('true when the request is invalid, so a 2xx answer is a finding'),
  nearMiss: z
    .string()
    .min(1)
    .optional()
    .describe('a value a lax validator takes by mistake, its kind and text (e.g. "email without TLD \'a@b\'"), named when it is accepted'),
  expectStatus: z
    .preprocess((value) => (typeof value === 'number' ? [value] : value), z.array(z.number().int().min(100).max(599)).min(1))
    .optional()
    .describe('statuses that count as a pass, e.g. [200, 201]'),
  extract: z
    .record(z.string().regex(/^[\w.-]+$/, 'must be a name of letters, digits, _ . or -'), z.string().startsWith('$', 'must be a JSONPath such as $.id'))
    .optional()
    .describe('values for later steps of its chain: name → JSONPath, e.g. {"petId": "$.id"}'),
  chain: z
    .strictObject({ id: z.string().min(1), step: z.number().int().min(0) })
    .optional()
    .describe('cases with the same chain id run in step order, sharing extracted values as {{name}}'),
  probe: z
    .enum(Object.keys(PROBE_CHECKS) as [ProbeCheck, ...ProbeCheck[]])
    .optional()
    .describe('a case made for this check only, which alone judges it (with not_a_server_error and max_response_time)'),
  resource: z
    .strictObject({ state: z.enum(['created', 'deleted']), by: z.string().min(1) })
    .optional()
    .describe('a chain step on the resource the step `by` (a case id) created, or deleted'),
  fuzz: z
    .strictObject({ runs: z.number().int().min(1), seed: z.number().int() })
    .optional()
    .describe("send this many inputs drawn from the operation's schemas with this seed, and shrink a failing one"),
  references: z
    .array(
      z.strictObject({
        in: z.enum(['path', 'body']),
        name: z.string().min(1),
        field: z.array(z.union([z.string(), z.number().int().min(0)])).optional(),
        sameAs: z.string().min(1).optional(),
      }),
    )
    .optional()
    .describe("where the request names something the API holds: filled from the API's own answers earlier in the run, or --seed-data"),
  readBack: z
    .strictObject({ operationId: z.string().min(1), request: caseRequestSchema })
    .optional()
    .describe('a chain write: the read of the same object sent once it answers 2xx, which must hold what it sent'),
  walk: pageWalkSchema.optional().describe('a pagination_consistency probe: how to walk the list its request is the first page of'),
  graphql: z
    .strictObject({ kind: z.enum(['query', 'mutation']), field: z.string().min(1), withoutCredentials: z.literal(true).optional() })
    .optional()
    .describe('a GraphQL case: the root field its body asks, judged by the graphql_ checks'),
});

export type TestCaseInput = z.infer<typeof testCaseInputSchema>;

/** The cases with every id and name filled in; ids made here are unique among the given ones. */
export function completeTestCases(inputs: readonly TestCaseInput[]): TestCase[] {
  const taken = new Set(inputs.flatMap((input) => (input.id ? [input.id] : [])));
  return inputs.map((input) => {
    const name = input.name ?? `${input.request.method} ${input.request.path}`;
    const id = input.id ?? freshId(`${input.kind}/${slug(name)}`, taken);
    return { ...input, id, name };
  });
}

function freshId(base: string, taken: Set<string>): string {
  let id = base;
  for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
  taken.add(id);
  return id;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'case'
  );
}
