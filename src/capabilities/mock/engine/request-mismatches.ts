import type { FalconSpec } from '../../../engines/spec/spec-format.js';
import type { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import { checkRequest, type ReceivedRequest } from './request-check.js';

/** A problem of a request, named as the proxy reports it. */
export interface RequestMismatch {
  check: 'request_conformance';
  message: string;
}

/** What of a request the spec does not allow: missing credentials, invalid parameters, body media type and schema. */
export function requestMismatches(request: ReceivedRequest, spec: FalconSpec, validator: SpecSchemaValidator): RequestMismatch[] {
  const verdict = checkRequest(request, spec, validator);
  if (verdict.ok) return [];
  return verdict.problems.map((problem) => ({
    check: 'request_conformance',
    message: `${request.operation.id}: ${problem} (a server would answer ${verdict.status})`,
  }));
}
