import type { SecretRegistry } from '../../safety/secret-registry.js';
import { formatDuration } from './parse-duration.js';
import type { PerfRequest, PerfScenario, ThresholdSpec } from './perf-scenario.js';
import { JsCode, jsCommentText, jsSource, jsString, type JsValue } from './k6/js-source.js';
import { k6Scenario } from './k6/k6-scenario.js';
import { FAILED_COUNTER, FAILED_NOTE, k6Thresholds } from './k6/k6-thresholds.js';
import { type K6Export, k6RunCommand, type K6Variable, requireK6Variables } from './k6/k6-variables.js';
import { envSecrets, SecretReferences } from './k6/secret-references.js';

/**
 * The scenario as a k6 script (`k6 run script.js`): the same requests, weights, load model and
 * thresholds. Requests under `baseUrl` (where the run's requests were addressed from) go to
 * `__ENV.BASE_URL`, so the script runs against any deployment. Every registered secret in a URL,
 * header or body is read from the environment (`__ENV.API_TOKEN`), never written: a secret the
 * script would hold in some other form stops the export with an error rather than reach the file.
 */
export function exportK6(scenario: PerfScenario, thresholds: ThresholdSpec[], secrets: SecretRegistry, baseUrl?: string): K6Export {
  const references = new SecretReferences(envSecrets(secrets));
  const trimmed = baseUrl?.replace(/\/+$/, '');
  const base = trimmed && scenario.requests.some((request) => request.url.startsWith(trimmed)) ? trimmed : undefined;
  const requests = scenario.requests.map((request) => k6Request(request, scenario, references, secrets, base));
  const { byMetric, countsFailed } = k6Thresholds(thresholds);
  const variables: K6Variable[] = [
    ...(base !== undefined ? [secrets.maskValues(base) === base ? { name: 'BASE_URL', value: base } : { name: 'BASE_URL', secret: true }] : []),
    ...[...references.used].map((name) => ({ name, secret: true })),
  ];
  const options: JsValue = { scenarios: { falcon: k6Scenario(scenario) }, ...(thresholds.length > 0 && { thresholds: byMetric }) };
  const secretNames = [...references.used];
  const lines = [
    `// A k6 script Falcon wrote for the load test of ${jsCommentText(secrets.maskValues(scenario.target))}.`,
    `// Run it: ${jsCommentText(k6RunCommand(variables, 'script.js'))}`,
    ...(secretNames.length > 0
      ? [`// ${secretNames.join(', ')} hold${secretNames.length === 1 ? 's' : ''} secrets: the script reads them from the environment and never holds them.`]
      : []),
    ...notCarriedOver(scenario).map((note) => `// ${note}`),
    "import http from 'k6/http';",
    "import { check } from 'k6';",
    ...(references.encodesBase64 ? ["import encoding from 'k6/encoding';"] : []),
    ...(countsFailed ? ["import { Counter } from 'k6/metrics';"] : []),
    '',
    ...requireK6Variables(variables),
    ...(base !== undefined ? ['// Where the requests go: the API under test.', 'const BASE_URL = __ENV.BASE_URL;', ''] : []),
  ];
  if (countsFailed) lines.push(`// ${FAILED_NOTE}`, `const failedRequests = new Counter(${jsString(FAILED_COUNTER)});`, '');
  lines.push(
    `export const options = ${jsSource(options)};`,
    '',
    `const REQUESTS = ${jsSource(requests)};`,
    'const TOTAL_WEIGHT = REQUESTS.reduce((total, request) => total + request.weight, 0);',
    '',
    '// Each iteration sends one request, chosen by weight.',
    'export default function () {',
    '  let pick = Math.random() * TOTAL_WEIGHT;',
    '  const request = REQUESTS.find((candidate) => (pick -= candidate.weight) < 0) || REQUESTS[REQUESTS.length - 1];',
    '  const response = http.request(request.method, request.url, request.body, request.params);',
    "  check(response, { 'status below 400': (r) => r.status > 0 && r.status < 400 });",
    ...(countsFailed ? ['  failedRequests.add(response.status === 0 || response.status >= 400 ? 1 : 0);'] : []),
    '}',
    '',
  );
  const script = lines.join('\n');
  if (secrets.maskValues(script) !== script) {
    throw new Error(
      'the k6 script would hold a secret in a form it cannot read from the environment (in a request Falcon sends, encoded otherwise than as is, URL-encoded, JSON-escaped or as Basic credentials): not exported',
    );
  }
  return { script, variables };
}

function k6Request(request: PerfRequest, scenario: PerfScenario, references: SecretReferences, secrets: SecretRegistry, base: string | undefined): JsValue {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, references.headerValue(value)]));
  const underBase = base !== undefined && request.url.startsWith(base);
  return {
    weight: request.weight,
    method: request.method,
    url: underBase ? new JsCode(`BASE_URL + ${references.expression(request.url.slice(base.length)).code}`) : references.expression(request.url),
    body: request.body === undefined ? null : references.expression(request.body),
    // The label names the request in k6's metrics, as it does in Falcon's reports.
    params: { headers, tags: { name: secrets.maskValues(request.label) }, timeout: formatDuration(scenario.timeoutMs) },
  };
}

/** What Falcon's run does that the k6 script does not: said in the script rather than dropped. */
function notCarriedOver(scenario: PerfScenario): string[] {
  const notes: string[] = [];
  if (scenario.pipelining > 1)
    notes.push(`Not carried over: HTTP pipelining (${scenario.pipelining} requests in flight on a connection); a k6 VU sends one request at a time.`);
  if (scenario.workers > 1) notes.push(`Not carried over: ${scenario.workers} worker threads; k6 spreads its VUs by itself.`);
  return notes;
}
