import type { Log, ReportingDescriptor, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { scanSarif } from '../../../../../src/capabilities/scan/engine/report/scan-sarif.js';
import { sarifViolations } from '../../../../support/sarif-validator.js';
import { HOSTILE_BODY, HOSTILE_TITLE, scanResult } from './sample-scan-results.js';

const OPTIONS = { version: '1.2.3', specUri: 'api/openapi.yaml' };

function run(log: Log) {
  return log.runs[0]!;
}

function rules(log: Log): ReportingDescriptor[] {
  return run(log).tool.driver.rules!;
}

function results(log: Log): Result[] {
  return run(log).results!;
}

describe('scanSarif', () => {
  it('validates against the SARIF 2.1.0 schema: with findings, without, interrupted, and placed at the target', () => {
    expect(sarifViolations(scanSarif(scanResult(), OPTIONS))).toEqual([]);
    expect(sarifViolations(scanSarif(scanResult({ findings: [], notes: [] }), OPTIONS))).toEqual([]);
    expect(sarifViolations(scanSarif(scanResult({ interrupted: true }), { version: '1.2.3' }))).toEqual([]);
    expect(sarifViolations(scanSarif(scanResult(), { version: '1.2.3', specUri: 'my specs\\pet store.yaml' }))).toEqual([]);
  });

  it('is a log the schema check can fail: a wrong level, a missing message or a stray property is named', () => {
    const log = scanSarif(scanResult(), OPTIONS);
    const broken = structuredClone(log) as unknown as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    broken.runs[0]!.results[0]!.level = 'critical';
    delete broken.runs[0]!.results[1]!.message;
    broken.runs[0]!.results[2]!.severity = 'high';
    const violations = sarifViolations(broken);
    expect(violations).toContain('/runs/0/results/0/level: must be equal to one of the allowed values "none", "note", "warning", "error"');
    expect(violations).toContain("/runs/0/results/1: must have required property 'message'");
    expect(violations).toContain('/runs/0/results/2: must NOT have additional properties: "severity"');
    expect(sarifViolations({ ...log, version: '2.0.0' })).toEqual(['/version: must be equal to one of the allowed values "2.1.0"']);
  });

  it('names the schema, the version and the tool', () => {
    const log = scanSarif(scanResult(), OPTIONS);
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(run(log).tool.driver).toMatchObject({ name: 'falcon', version: '1.2.3' });
    expect(run(log).properties).toEqual({
      target: 'http://127.0.0.1:4010',
      spec: 'Pet Store',
      identities: ['alice', 'bob'],
      checks: scanResult().checks,
      requests: 1234,
      variables: [],
      residue: { fields: [], created: [] },
    });
  });

  it("describes each rule that has findings, in the rules' order, with its help, tags and worst severity", () => {
    const log = scanSarif(scanResult(), OPTIONS);
    expect(rules(log).map((rule) => rule.id)).toEqual([
      'bola',
      'broken_auth',
      'login_rate_limit',
      'mass_assignment',
      'cors',
      'verbose_errors',
      'security_headers',
      'trace',
      'undocumented_endpoints',
      'sqli',
    ]);
    const bola = rules(log)[0]!;
    expect(bola).toEqual({
      id: 'bola',
      name: 'BrokenObjectLevelAuthorization',
      shortDescription: { text: 'Broken object level authorization' },
      fullDescription: {
        text: "Reported when one user's token reads or changes an object another user created (ids from that user's own responses, then neighbouring ids), or sends that user's own tenant id in a query parameter, header or body field, and the other user's data comes back; on a GraphQL endpoint, a query given the id of an object only one user's answers hold returns it to the other user.",
      },
      help: {
        text: [
          'Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.',
          '',
          'OWASP API Security Top 10: API1:2023 Broken Object Level Authorization — https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/',
          'CWE: CWE-639 — https://cwe.mitre.org/data/definitions/639.html',
        ].join('\n'),
        markdown: [
          'Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.',
          '',
          '- OWASP API Security Top 10: [API1:2023 Broken Object Level Authorization](https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/)',
          '- CWE: [CWE-639](https://cwe.mitre.org/data/definitions/639.html)',
        ].join('\n'),
      },
      helpUri: 'https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/',
      // Critical and high findings: the rule is as severe as the worst.
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['security', 'API1:2023', 'CWE-639'], 'security-severity': '9.5' },
    });
    const severities = Object.fromEntries(rules(log).map((rule) => [rule.id, [rule.defaultConfiguration?.level, rule.properties?.['security-severity']]]));
    expect(severities).toMatchObject({
      broken_auth: ['error', '8.0'],
      cors: ['warning', '5.5'],
      trace: ['note', '3.0'],
      undocumented_endpoints: ['note', '0.0'],
    });
    expect(rules(log).find((rule) => rule.id === 'jwt_none')).toBeUndefined();
    expect(rules(log)[1]!.name).toBe('BrokenAuthentication');
  });

  it('makes one result per finding, pointing at its rule, at a level by severity, placed in the spec at its operation', () => {
    const result = scanResult();
    const log = scanSarif(result, OPTIONS);
    expect(results(log)).toHaveLength(result.findings.length);
    for (const [index, sarif] of results(log).entries()) {
      const finding = result.findings[index]!;
      expect(sarif.ruleId).toBe(finding.rule);
      expect(rules(log)[sarif.ruleIndex!]!.id).toBe(finding.rule);
    }
    expect(results(log).map((sarif) => sarif.level)).toEqual([
      'error',
      'error',
      'error',
      'error',
      'error',
      'warning',
      'warning',
      'note',
      'note',
      'note',
      'note',
    ]);
    expect(results(log)[0]).toMatchObject({
      message: { text: "alice reads bob's user (GET /users/{id})" },
      locations: [
        { physicalLocation: { artifactLocation: { uri: 'api/openapi.yaml' } }, logicalLocations: [{ fullyQualifiedName: 'GET /users/{id}', kind: 'member' }] },
      ],
    });
  });

  it('places findings at the target URL when the spec file is not known, and writes a spec path as a URI', () => {
    const atTarget = scanSarif(scanResult(), { version: '1.2.3' });
    expect(results(atTarget)[0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('http://127.0.0.1:4010');
    const spaced = scanSarif(scanResult(), { version: '1.2.3', specUri: 'my specs\\pet store.yaml' });
    expect(results(spaced)[0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('my%20specs/pet%20store.yaml');
  });

  it('fingerprints a finding by rule, method and path: stable across runs and evidence, different for another operation', () => {
    const fingerprint = (log: Log, index: number) => results(log)[index]!.partialFingerprints!['falcon/v1']!;
    const first = scanSarif(scanResult(), OPTIONS);
    const [bola, ...rest] = scanResult().findings;
    const again = scanSarif(
      scanResult({ findings: [{ ...bola!, title: 'another title', severity: 'high', evidence: { request: 'GET /x', response: 'HTTP 200' } }, ...rest] }),
      OPTIONS,
    );
    expect(fingerprint(first, 0)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint(again, 0)).toBe(fingerprint(first, 0));
    const all = results(first).map((_, index) => fingerprint(first, index));
    expect(new Set(all).size).toBe(all.length);
  });

  it("carries the finding's OWASP id, CWE, severity, operation, evidence and curl line unchanged", () => {
    const result = scanResult();
    const hostile = result.findings.findIndex((finding) => finding.rule === 'verbose_errors');
    const sarif = results(scanSarif(result, OPTIONS))[hostile]!;
    const finding = result.findings[hostile]!;
    expect(sarif.properties).toEqual({
      owasp: 'API8:2023',
      cwe: 'CWE-209',
      severity: 'medium',
      method: 'POST',
      path: '/orders',
      evidence: finding.evidence,
      curl: finding.curl,
    });
    expect(sarif.message.text).toBe(`${HOSTILE_TITLE} (POST /orders)`);
    expect(finding.evidence.response).toContain(HOSTILE_BODY);
    // JSON escapes the controls: the file holds no raw escape sequence.
    expect(JSON.stringify(scanSarif(result, OPTIONS))).not.toMatch(/[\u0000-\u001F]/);
  });

  it("reports what could not be checked as the tool's warnings, and a stopped scan as not completed", () => {
    const log = scanSarif(scanResult({ interrupted: true }), OPTIONS);
    expect(run(log).invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          { level: 'warning', message: { text: 'ssrf: no operation takes a URL' } },
          { level: 'warning', message: { text: 'bfla: <b>no admin operation</b> \u001B[2J in the spec' } },
        ],
      },
    ]);
    expect(run(scanSarif(scanResult({ notes: [] }), OPTIONS)).invocations).toEqual([{ executionSuccessful: true }]);
  });

  it('has no rules and no results when nothing was found', () => {
    const log = scanSarif(scanResult({ findings: [] }), OPTIONS);
    expect(rules(log)).toEqual([]);
    expect(results(log)).toEqual([]);
  });
});
