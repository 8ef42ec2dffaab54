import type { ParamMap } from '../../http/prepare-request.js';
import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../spec/spec-format.js';
import type { CaseRequest } from '../test-case.js';
import { withAcceptHeader } from './accept-header.js';
import { addQueryValue, cookieHeader, pathOrHeaderText, pathValue } from './parameter-text.js';
import { encodeBody } from './request-body.js';

export interface ParameterValue {
  parameter: SpecParameter;
  value: unknown;
}

export interface BodyValue {
  mediaType: string;
  schema?: JsonSchema;
  value: unknown;
}

/** The values of one request before they are put on the wire: what cases are generated from and mutated. */
export interface RequestValues {
  parameters: ParameterValue[];
  body?: BodyValue;
}

/** The case request carrying the values, accepting what the operation's success responses document. */
export function caseRequest(operation: SpecOperation, values: RequestValues, spec: FalconSpec): CaseRequest {
  const pathParams: Record<string, string | number | boolean> = {};
  const query: ParamMap = {};
  const headers: Record<string, string> = {};
  const cookies: Array<[string, unknown]> = [];
  for (const { parameter, value } of values.parameters) {
    if (parameter.in === 'path') pathParams[parameter.name] = pathValue(value);
    else if (parameter.in === 'query') addQueryValue(query, parameter.name, value);
    else if (parameter.in === 'header') headers[parameter.name] = pathOrHeaderText(value);
    else cookies.push([parameter.name, value]);
  }
  if (cookies.length > 0) headers.Cookie = cookieHeader(cookies);
  const accepting = withAcceptHeader(headers, operation);
  const body = values.body && encodeBody(values.body.mediaType, values.body.value, values.body.schema, spec);
  return {
    method: operation.method,
    path: operation.path,
    ...(Object.keys(pathParams).length > 0 && { pathParams }),
    ...(Object.keys(query).length > 0 && { query }),
    ...(Object.keys(accepting).length > 0 && { headers: accepting }),
    ...(body && { body: body.body, contentType: body.contentType, ...(body.files && { files: body.files }) }),
  };
}
