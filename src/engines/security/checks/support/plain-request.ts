import type { SpecOperation } from '../../../spec/spec-format.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanRequest } from '../../scan-exchange.js';
import { pathParameterNames } from '../../../testing/warnings/sent-path-values.js';

export type PathValues = Record<string, string | number>;

/**
 * The operation's valid request with the path parameters given, and only the query parameters the
 * spec requires: an optional filter (`?status=shipped`) would hide objects. Undefined when a path
 * parameter has no value.
 */
export function plainRequest(ctx: ScanContext, operation: SpecOperation, pathValues: PathValues = {}): ScanRequest | undefined {
  const request = ctx.validRequest(operation) ?? { method: operation.method, path: operation.path };
  const required = new Set(operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required).map((parameter) => parameter.name));
  if (request.query) request.query = Object.fromEntries(Object.entries(request.query).filter(([name]) => required.has(name)));
  const pathParams = { ...request.pathParams, ...pathValues };
  request.pathParams = pathParams;
  return pathParameterNames(operation.path).every((name) => pathParams[name] !== undefined) ? request : undefined;
}
