import type { SpecOperation } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { isBareReference, isReferenceName, nameResource, pathParameterResource, resourceKey } from './resource-names.js';

/** What an answer calls a thing it does not have. */
const UNKNOWN =
  /\b(not found|unknown|does not exist|doesn'?t exist|did not exist|no such|non-?existent|not exist|cannot find|could not find|can'?t find|unable to find|no matching|no existing|not an existing|not a known)\b/i;
/** Weaker: `missing` is also what validation says of a field left out. */
const MISSING = /\bmissing\b/i;
const VALIDATION = /\b(required|must be (provided|given|present|set)|is mandatory)\b/i;
/** Statuses an API answers a valid request with when what it names is not there: conflict, unprocessable. */
export const UNKNOWN_REFERENCE_STATUSES: ReadonlySet<number> = new Set([409, 422]);

const MAX_SAID = 100;
const MAX_DEPTH = 3;

export interface UnknownReference {
  /** The reference the answer is about: the path parameter or body field name the request sent it as. */
  name: string;
  /** The answer on one line, cut: `{"error":"customer 123 not found"}`. */
  said: string;
}

/**
 * Whether a 409 or 422 refuses the request for naming something the API does not have
 * (`{"error":"customer 123 not found"}`), and which of the request's references it is about: a
 * path parameter, or a body field named like a reference, found in the answer by its name
 * (`customerId`, `customer_id`) or its resource (`customer`). An answer that names none of them is
 * about the only one, when the request has one.
 */
export function unknownReference(
  testCase: TestCase,
  response: { status: number; body: string; binary?: boolean },
  operation?: SpecOperation,
): UnknownReference | undefined {
  if (!UNKNOWN_REFERENCE_STATUSES.has(response.status) || response.binary) return undefined;
  const text = response.body.slice(0, 4096);
  if (!UNKNOWN.test(text) && !(MISSING.test(text) && !VALIDATION.test(text))) return undefined;
  const references = requestReferences(testCase, operation);
  const said = oneLine(text);
  const named = references.find((reference) => mentions(text, reference));
  if (named) return { name: named.name, said };
  return references.length === 1 ? { name: references[0]!.name, said } : undefined;
}

interface RequestReference {
  name: string;
  resource?: string;
}

/** The path parameters and the reference-named fields of the JSON body the case sends. */
function requestReferences(testCase: TestCase, operation?: SpecOperation): RequestReference[] {
  const path = operation?.path ?? testCase.request.path;
  const references: RequestReference[] = Object.keys(testCase.request.pathParams ?? {}).map((name) => ({
    name,
    ...optionalResource(pathParameterResource(path, name)),
  }));
  const visit = (value: unknown, parent: string | undefined, depth: number) => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.slice(0, 1).forEach((item) => visit(item, parent, depth + 1));
    for (const [name, item] of Object.entries(value)) {
      if (isReferenceName(name) && (!isBareReference(name) || parent !== undefined) && (typeof item === 'string' || typeof item === 'number')) {
        references.push({ name, ...optionalResource(nameResource(name) ?? (parent === undefined ? undefined : resourceKey(parent))) });
      }
      visit(item, name, depth + 1);
    }
  };
  if (testCase.request.contentType === undefined || /json/i.test(testCase.request.contentType)) visit(testCase.request.body, undefined, 0);
  return references.filter((reference, index) => references.findIndex((other) => other.name === reference.name) === index);
}

/** `customerId`, `customer_id`, `customer id`, or the resource as a word (`customer`, `customers`). */
function mentions(text: string, reference: RequestReference): boolean {
  const squashed = text.toLowerCase().replace(/[_\s-]+/g, '');
  if (!isBareReference(reference.name) && squashed.includes(reference.name.toLowerCase().replace(/[_\s-]+/g, ''))) return true;
  const resource = reference.resource;
  if (resource === undefined || resource.length < 2) return false;
  const word = new RegExp(`\\b${resource}(s|es)?\\b`, 'i');
  return word.test(text) || word.test(text.replace(/[_-]+/g, ''));
}

function optionalResource(resource: string | undefined): { resource?: string } {
  return resource === undefined ? {} : { resource };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SAID ? `${line.slice(0, MAX_SAID)}…` : line;
}
