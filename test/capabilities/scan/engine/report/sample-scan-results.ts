import type { Finding } from '../../../../../src/capabilities/scan/engine/finding.js';
import type { ScanResult } from '../../../../../src/capabilities/scan/engine/run-scan.js';
import { ALL_CHECKS, type RuleName } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { declaredRules, loadChecks } from '../../../../../src/capabilities/scan/engine/load-checks.js';
import type { Severity } from '../../../../../src/capabilities/scan/engine/severity.js';

export const FINISHED_AT = new Date('2025-03-04T05:06:07.000Z');

/** What a hostile API answers: markup, a terminal escape that retitles the window, backtick runs and a pipe. */
export const HOSTILE_BODY = '{"error":"<script>alert(1)</script>","trace":"\u001B]0;pwned\u0007 at ```js``` and ``````` | </pre></code>"}';
export const HOSTILE_TITLE = 'Stack trace from <img src=x onerror=alert(1)> `db` *bold*\nsecond line';

/** What every check declares about its rule, as a scan that ran them all has it. */
const RULES = declaredRules(await loadChecks(ALL_CHECKS));

function finding(rule: RuleName, severity: Severity, method: string, path: string, title: string, body = '{"id":2,"owner":"bob"}'): Finding {
  const { owasp, cwe, remediation } = RULES[rule]!;
  return {
    rule,
    owasp,
    cwe,
    severity,
    method,
    path,
    title,
    evidence: {
      request: `${method} http://127.0.0.1:4010${path.replace('{id}', '2')}\nauthorization: Bearer [masked: token of alice]`,
      response: `HTTP 200 (12 ms)\ncontent-type: application/json\n\n${body}`,
    },
    remediation,
    curl: `# set AUTHORIZATION first (its value is masked here)\ncurl -sS -i 'http://127.0.0.1:4010${path.replace('{id}', '2')}' -H "authorization: Bearer $AUTHORIZATION"`,
  };
}

/** Findings of every severity, most severe first as a scan orders them; bola twice, at two severities. */
export function findings(): Finding[] {
  return [
    finding('bola', 'critical', 'GET', '/users/{id}', "alice reads bob's user"),
    finding('sqli', 'critical', 'GET', '/search', 'A quote in q brings back a database error'),
    finding('bola', 'high', 'GET', '/orders/{id}', "alice reads bob's order"),
    finding('broken_auth', 'high', 'GET', '/orders', 'Answers 200 with no token'),
    finding('mass_assignment', 'high', 'PATCH', '/users/{id}', 'role sent in an update is stored'),
    finding('cors', 'medium', 'GET', '/users/{id}', 'Any origin is reflected with credentials'),
    finding('verbose_errors', 'medium', 'POST', '/orders', HOSTILE_TITLE, HOSTILE_BODY),
    finding('security_headers', 'low', 'GET', '/', 'No X-Content-Type-Options: nosniff'),
    finding('trace', 'low', 'TRACE', '/', 'TRACE echoes the request'),
    finding('undocumented_endpoints', 'info', 'GET', '/actuator', '/actuator answers 200 and is not in the spec'),
    finding('login_rate_limit', 'info', 'POST', '/auth/login', '20 failed logins answered without a 429'),
  ];
}

export function scanResult(overrides: Partial<ScanResult> = {}): ScanResult {
  return {
    target: 'http://127.0.0.1:4010',
    spec: 'Pet Store',
    findings: findings(),
    identities: ['alice', 'bob'],
    variables: [],
    residue: { fields: [], created: [] },
    checks: [
      'bola',
      'broken_auth',
      'sensitive_data',
      'mass_assignment',
      'cors',
      'verbose_errors',
      'security_headers',
      'trace',
      'undocumented_endpoints',
      'sqli',
      'login_rate_limit',
    ],
    notes: ['ssrf: no operation takes a URL', 'bfla: <b>no admin operation</b> \u001B[2J in the spec'],
    requests: 1234,
    rules: RULES,
    ...overrides,
  };
}
