import type { FalconSpec } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { type Difference, fieldDifferences, type WrittenField } from '../write-read/field-differences.js';
import { heldObject, requestSchema } from '../write-read/held-object.js';
import { type Write, writtenState } from '../write-read/written-state.js';
import { type CheckContext, type CheckedResponse, type DocumentedResponse, type SentWrite, defineSpecCheck } from './check-context.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
/** Differences one answer's findings name; the rest are counted. */
const SHOWN_DIFFERENCES = 10;
const SHOWN_VALUE_CHARS = 80;

/**
 * What a stateful chain's successful write sent is what the object then holds: in the write's own
 * answer, in its read back (PUT and PATCH), and in the chain's read of what its POST created.
 * Compared by meaning (write-read/same-meaning.ts), on the fields both the request and the answer
 * declare and the server does not set (write-read/field-differences.ts). Chain steps only: a
 * request on its own may name an example record, and a mock keeps nothing it is sent.
 */
export const writeReadConsistency = defineSpecCheck({ name: 'write_read_consistency', needs: 'spec', judge });

function judge(context: CheckContext): string[] {
  const { testCase, response, spec } = context;
  if (!spec || !isGeneratedValid(testCase) || !isSuccess(response) || testCase.resource?.state === 'deleted') return [];
  const method = testCase.request.method.toUpperCase();
  const earlier = sameResourceWrites(testCase, context.writes ?? []);
  if (WRITES.has(method)) {
    const own: Write = { method, body: context.sentBody, schema: requestSchema(context.operation, testCase.request.contentType), by: 'this request' };
    const state = writtenState([...earlier, own], spec);
    if (!state) return [];
    const readBack = context.readBack;
    return [
      ...held(state, response, context.documented, 'the answer', spec),
      ...(readBack && isSuccess(readBack.response) ? held(state, readBack.response, readBack.documented, 'the read back', spec) : []),
    ];
  }
  if (method !== 'GET' || testCase.resource?.state !== 'created' || !/\}\/?$/.test(testCase.request.path)) return [];
  const state = writtenState(earlier, spec);
  return state ? held(state, response, context.documented, 'the read', spec) : [];
}

/** The case's earlier chain writes on the resource it is on: the create, and the steps on what it created. */
function sameResourceWrites(testCase: TestCase, writes: readonly SentWrite[]): Write[] {
  const created = testCase.resource?.state === 'created' ? testCase.resource.by : undefined;
  if (!created) return [];
  return writes
    .filter((write) => write.testCase.id === created || (write.testCase.resource?.state === 'created' && write.testCase.resource.by === created))
    .map((write) => ({
      method: write.testCase.request.method.toUpperCase(),
      body: write.body,
      schema: requestSchema(write.operation, write.testCase.request.contentType),
      by: write.label,
    }));
}

function held(state: WrittenField[], response: CheckedResponse, documented: DocumentedResponse | undefined, where: string, spec: FalconSpec): string[] {
  const found = heldObject(
    response,
    documented,
    state.map((field) => field.name),
    spec,
  );
  if (!found) return [];
  const differences = fieldDifferences(state, found.object, found.schema, spec);
  const messages = differences.slice(0, SHOWN_DIFFERENCES).map((difference) => describe(difference, where));
  const more = differences.length - SHOWN_DIFFERENCES;
  if (more > 0) messages.push(`${where} differs from what was sent in ${more} more field${more === 1 ? '' : 's'}`);
  return messages;
}

/** `birthDate: step 1 (createPet) sent "1990-05-17", the read holds "1990-05-16"`. */
function describe(difference: Difference, where: string): string {
  const holds = difference.missing ? 'has none' : `holds ${shown(difference.got)}`;
  return `${difference.path}: ${difference.by} sent ${shown(difference.sent)}, ${where} ${holds}`;
}

function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS - 1)}…` : text;
}

/** A step of a chain Falcon generated, not one meant to be refused. */
function isGeneratedValid(testCase: TestCase): boolean {
  return testCase.kind === 'stateful' && !testCase.expectRejection && !testCase.probe;
}

function isSuccess(response: CheckedResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}
