import type { SecretRegistry } from '../../safety/secret-registry.js';
import { formatDuration } from './parse-duration.js';
import type { PerfRequest, PerfScenario, ThresholdSpec } from './perf-scenario.js';
import { jsCommentText, jsSource, jsString, type JsValue } from './k6/js-source.js';
import { k6Scenario } from './k6/k6-scenario.js';
import { FAILED_COUNTER, FAILED_NOTE, k6Thresholds } from './k6/k6-thresholds.js';
import { envSecrets, SecretReferences } from './k6/secret-references.js';

/**
 * The scenario as a k6 script (`k6 run script.js`): the same requests, weights, load model and
 * thresholds. Every registered secret in a URL, header or body is read from the environment
 * (`__ENV.API_TOKEN`), never written: a secret the script would hold in some other form stops the
 * export with an error rather than reach the file.
 */
export function exportK6(scenario: PerfScenario, thresholds: ThresholdSpec[], secrets: SecretRegistry): string {
  const references = new SecretReferences(envSecrets(secrets));
  const requests = scenario.requests.map((request) => k6Request(request, scenario, references, secrets));
  const { byMetric, countsFailed } = k6Thresholds(thresholds);
  const variables = [...references.used];
  const options: JsValue = { scenarios: { falcon: k6Scenario(scenario) }, ...(thresholds.length > 0 && { thresholds: byMetric }) };
  const lines = [
    `// A k6 script Falcon wrote for the load test of ${jsCommentText(secrets.maskValues(scenario.target))}.`,
    `// Run it: k6 run${variables.map((name) => ` -e ${name}=…`).join('')} script.js`,
    ...(variables.length > 0 ? [`// ${variables.join(', ')} hold${variables.length === 1 ? 's' : ''} secrets: the script reads them from the environment and never holds them.`] : []),
    ...notCarriedOver(scenario).map((note) => `// ${note}`),
    "import http from 'k6/http';",
    "import { check } from 'k6';",
    ...(references.encodesBase64 ? ["import encoding from 'k6/encoding';"] : []),
    ...(countsFailed ? ["import { Counter } from 'k6/metrics';"] : []),
    '',
  ];
  if (variables.length > 0) {
    lines.push(
      `for (const name of ${jsSource(variables)}) {`,
      "  if (!__ENV[name]) throw new Error('set ' + name + ' first: k6 run -e ' + name + '=… script.js');",
      '}',
      '',
    );
  }
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
    throw new Error('the k6 script would hold a secret in a form it cannot read from the environment (in a request Falcon sends, encoded otherwise than as is, URL-encoded, JSON-escaped or as Basic credentials): not exported');
  }
  return script;
}

function k6Request(request: PerfRequest, scenario: PerfScenario, references: SecretReferences, secrets: SecretRegistry): JsValue {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, references.headerValue(value)]));
  return {
    weight: request.weight,
    method: request.method,
    url: references.expression(request.url),
    body: request.body === undefined ? null : references.expression(request.body),
    // The label names the request in k6's metrics, as it does in Falcon's reports.
    params: { headers, tags: { name: secrets.maskValues(request.label) }, timeout: formatDuration(scenario.timeoutMs) },
  };
}

/** What Falcon's run does that the k6 script does not: said in the script rather than dropped. */
function notCarriedOver(scenario: PerfScenario): string[] {
  const notes: string[] = [];
  if (scenario.pipelining > 1) notes.push(`Not carried over: HTTP pipelining (${scenario.pipelining} requests in flight on a connection); a k6 VU sends one request at a time.`);
  if (scenario.workers > 1) notes.push(`Not carried over: ${scenario.workers} worker threads; k6 spreads its VUs by itself.`);
  return notes;
}
