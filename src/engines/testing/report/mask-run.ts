import { maskHeaderValue, maskHeaders } from '../../../safety/mask-headers.js';
import { type MaskOptions, maskText } from '../../../safety/mask-text.js';
import { MASK } from '../../../safety/masked-marker.js';
import { isSecretName } from '../../../safety/secret-names.js';
import { maskNamedValue } from '../../../safety/secret-assignments.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, RecordedRequest, RecordedResponse, TestRun } from '../test-run.js';

/**
 * The run with secrets masked everywhere a report shows text: the session's registered values
 * (when given), then secret shapes. The runner masks already; a report is written to disk and
 * shared, so it masks again rather than trust every producer of a TestRun.
 */
export function maskRun(run: TestRun, secrets?: SecretRegistry): TestRun {
  const options: MaskOptions = { secrets };
  const text = (value: string) => maskText(value, options);
  const maskResult = (result: CaseResult): CaseResult => {
    const masked: CaseResult = {
      ...result,
      case: maskCase(result.case, options),
      findings: result.findings.map((finding) => ({ ...finding, message: text(finding.message) })),
    };
    if (result.request) masked.request = maskRecordedRequest(result.request, options);
    if (result.response) masked.response = maskRecordedResponse(result.response, options);
    if (result.skipReason !== undefined) masked.skipReason = text(result.skipReason);
    if (result.extracted) masked.extracted = maskValue(result.extracted, options) as Record<string, string>;
    if (result.requestTemplate) masked.requestTemplate = maskRecordedRequest(result.requestTemplate, options);
    if (result.references) masked.references = result.references.map((reference) => ({ ...reference, value: text(reference.value) }));
    if (result.followUps)
      masked.followUps = result.followUps.map((followUp) => ({
        ...followUp,
        label: text(followUp.label),
        request: maskRecordedRequest(followUp.request, options),
        ...(followUp.response && { response: maskRecordedResponse(followUp.response, options) }),
        ...(followUp.requestTemplate && { requestTemplate: maskRecordedRequest(followUp.requestTemplate, options) }),
      }));
    return masked;
  };
  const masked: TestRun = { ...run, title: text(run.title), baseUrl: maskUrl(run.baseUrl, options), results: run.results.map(maskResult) };
  if (run.warnings)
    masked.warnings = run.warnings.map((warning) => ({
      ...warning,
      message: text(warning.message),
      evidence: text(warning.evidence),
      advice: text(warning.advice),
    }));
  return masked;
}

function maskCase(testCase: TestCase, options: MaskOptions): TestCase {
  const { request } = testCase;
  const masked: TestCase = { ...testCase, name: maskText(testCase.name, options), request: { ...request, path: maskText(request.path, options) } };
  if (testCase.mutation !== undefined) masked.mutation = maskText(testCase.mutation, options);
  if (request.headers) masked.request.headers = maskHeaders(request.headers, options);
  if (request.query) masked.request.query = maskValue(request.query, options) as typeof request.query;
  if (request.pathParams) masked.request.pathParams = maskValue(request.pathParams, options) as typeof request.pathParams;
  if (request.body !== undefined) masked.request.body = maskValue(request.body, options);
  return masked;
}

function maskRecordedRequest(request: RecordedRequest, options: MaskOptions): RecordedRequest {
  const masked: RecordedRequest = { ...request, url: maskUrl(request.url, options), headers: maskHeaders(request.headers, options) };
  if (request.body !== undefined) masked.body = maskText(request.body, options);
  return masked;
}

function maskRecordedResponse(response: RecordedResponse, options: MaskOptions): RecordedResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map((item) => maskHeaderValue(name, item, options)) : maskHeaderValue(name, value, options),
    ]),
  );
  return {
    ...response,
    headers,
    body: maskText(response.body, options),
    ...(response.serverLog && { serverLog: response.serverLog.map((line) => maskText(line, options)) }),
  };
}

/** `https://user:pass@host/?api_key=…`: the password of the user info and secret query values. */
function maskUrl(url: string, options: MaskOptions): string {
  const known = options.secrets ? options.secrets.maskValues(url) : url;
  return maskText(known.replace(/^([a-z][\w+.-]*:\/\/[^/?#@:]*):(?!\[masked)[^/?#@]+@/i, `$1:${MASK}@`));
}

/** A JSON-like value with secrets masked in every string, and values under secret-looking keys hidden. */
function maskValue(value: unknown, options: MaskOptions, key?: string): unknown {
  if (typeof value === 'string') {
    const known = options.secrets ? options.secrets.maskValues(value) : value;
    return key === undefined ? maskText(known) : maskNamedValue(key, known);
  }
  if (typeof value === 'number' && key !== undefined && isSecretName(key)) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, options, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskValue(item, options, name)]));
  return value;
}
