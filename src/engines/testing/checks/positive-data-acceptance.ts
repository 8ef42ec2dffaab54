import type { SpecOperation } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { unknownReference } from '../references/unknown-reference.js';
import { type CheckContext, defineSpecCheck } from './check-context.js';
import { valuesSent } from './values-sent.js';

/**
 * 4xx answers that say nothing against a valid request: credentials missing or not enough (401,
 * 403: the missing_auth warning's business), an id with no record behind it (404) or one gone
 * (410): missing test data, not rejected data; a clash with what is stored (409), and a rate
 * limit (429). Schemathesis accepts 401, 403, 404 and 409 the same way.
 */
const NOT_A_REJECTION = new Set([401, 403, 404, 409, 410, 429]);

/** An operation that hands out credentials answers generated ones with 400 or 422, rightly (Schemathesis alike). */
const CREDENTIAL_REJECTIONS = new Set([400, 422]);
const GRANTS_CREDENTIALS = /^(login|log-in|logon|signin|sign-in|token|tokens|oauth|oauth2|session|sessions|auth|authenticate|authorize)$/i;

/** The longest excerpt of the answer the message quotes. */
const MAX_EXCERPT = 100;

/**
 * A request Falcon made valid by the spec (a happy or boundary case, a chain step on a resource
 * not deleted) must not be refused with a 4xx: the API's validation is stricter than its spec. A
 * 409 or 422 that says a thing the request names is unknown is missing test data, as a 404 is (the
 * missing_test_data warning's business). The finding lists the values sent.
 */
export const positiveDataAcceptance = defineSpecCheck({ name: 'positive_data_acceptance', judge });

function judge(context: CheckContext): string[] {
  const { testCase, response, operation } = context;
  const { status } = response;
  if (status < 400 || status > 499 || NOT_A_REJECTION.has(status) || !isValidByTheSpec(testCase)) return [];
  if (CREDENTIAL_REJECTIONS.has(status) && operation && grantsCredentials(operation)) return [];
  if (unknownReference(testCase, response, operation)) return [];
  const said = response.binary ? '' : excerpt(response.body);
  const values = valuesSent(context);
  return [`a valid request was rejected with ${status}${said ? `: ${said}` : ''}${values ? `; it sent ${values}` : ''}`];
}

/** Cases generated as valid: not the negative ones, the probes, data rows, hand-written cases or a read of a deleted resource. */
export function isValidByTheSpec(testCase: TestCase): boolean {
  if (testCase.expectRejection || testCase.probe || testCase.operationId === undefined) return false;
  if (testCase.kind === 'happy' || testCase.kind === 'boundary') return true;
  return testCase.kind === 'stateful' && testCase.resource?.state !== 'deleted' && testCase.expectStatus === undefined;
}

/** A public operation at `/login`, `/oauth/token`, `/sessions`…: where credentials are made. */
function grantsCredentials(operation: SpecOperation): boolean {
  const isPublic = operation.security.length === 0 || operation.security.some((requirement) => Object.keys(requirement).length === 0);
  const last =
    operation.path
      .split('/')
      .filter((segment) => segment !== '' && !segment.startsWith('{'))
      .at(-1) ?? '';
  return isPublic && GRANTS_CREDENTIALS.test(last);
}

/** The start of the answer on one line, for the reason it gives. */
function excerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > MAX_EXCERPT ? `${line.slice(0, MAX_EXCERPT)}…` : line;
}
