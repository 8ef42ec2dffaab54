import { maskHeaders, maskHeaderValue } from '../../http/mask-headers.js';
import { maskSecrets } from '../../../workspace/mask-secrets.js';
import { isSecretName, maskNamedValue } from '../../../workspace/secret-names.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, RecordedRequest, RecordedResponse, TestRun } from '../test-run.js';

const MASK = '[masked]';

/**
 * The run with secrets masked everywhere a report shows text. The runner masks already; a report is
 * written to disk and shared, so it masks again rather than trust every producer of a TestRun.
 */
export function maskRun(run: TestRun): TestRun {
  return { ...run, title: maskSecrets(run.title), baseUrl: maskUrl(run.baseUrl), results: run.results.map(maskResult) };
}

function maskResult(result: CaseResult): CaseResult {
  const masked: CaseResult = {
    ...result,
    case: maskCase(result.case),
    findings: result.findings.map((finding) => ({ ...finding, message: maskSecrets(finding.message) })),
  };
  if (result.request) masked.request = maskRecordedRequest(result.request);
  if (result.response) masked.response = maskRecordedResponse(result.response);
  if (result.skipReason !== undefined) masked.skipReason = maskSecrets(result.skipReason);
  return masked;
}

function maskCase(testCase: TestCase): TestCase {
  const { request } = testCase;
  const masked: TestCase = { ...testCase, name: maskSecrets(testCase.name), request: { ...request, path: maskSecrets(request.path) } };
  if (testCase.mutation !== undefined) masked.mutation = maskSecrets(testCase.mutation);
  if (request.headers) masked.request.headers = maskHeaders(request.headers);
  if (request.query) masked.request.query = maskValue(request.query) as typeof request.query;
  if (request.pathParams) masked.request.pathParams = maskValue(request.pathParams) as typeof request.pathParams;
  if (request.body !== undefined) masked.request.body = maskValue(request.body);
  return masked;
}

function maskRecordedRequest(request: RecordedRequest): RecordedRequest {
  const masked: RecordedRequest = { ...request, url: maskUrl(request.url), headers: maskHeaders(request.headers) };
  if (request.body !== undefined) masked.body = maskSecrets(request.body);
  return masked;
}

function maskRecordedResponse(response: RecordedResponse): RecordedResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.map((item) => maskHeaderValue(name, item)) : maskHeaderValue(name, value)]),
  );
  return { ...response, headers, body: maskSecrets(response.body) };
}

/** `https://user:pass@host/?api_key=…`: the password of the user info and secret query values. */
function maskUrl(url: string): string {
  return maskSecrets(url.replace(/^([a-z][\w+.-]*:\/\/[^/?#@:]*):[^/?#@]+@/i, `$1:${MASK}@`));
}

/** A JSON-like value with secrets masked in every string, and values under secret-looking keys hidden. */
function maskValue(value: unknown, key?: string): unknown {
  if (typeof value === 'string') return key === undefined ? maskSecrets(value) : maskNamedValue(key, value);
  if (typeof value === 'number' && key !== undefined && isSecretName(key)) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, key));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskValue(item, name)]));
  return value;
}
