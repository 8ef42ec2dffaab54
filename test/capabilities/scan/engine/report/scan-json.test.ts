import { describe, expect, it } from 'vitest';
import { scanJson } from '../../../../../src/capabilities/scan/engine/report/scan-json.js';
import { HOSTILE_BODY, scanResult } from './sample-scan-results.js';

describe('scanJson', () => {
  it('puts the findings first, as the scan made them, then what the scan covered and the tally', () => {
    const result = scanResult();
    const json = scanJson(result);
    expect(Object.keys(json)).toEqual(['findings', 'target', 'spec', 'identities', 'checks', 'notes', 'variables', 'residue', 'requests', 'summary']);
    expect(json.findings).toBe(result.findings);
    expect(json).toMatchObject({
      target: 'http://127.0.0.1:4010',
      spec: 'Pet Store',
      identities: ['alice', 'bob'],
      checks: result.checks,
      notes: result.notes,
      requests: 1234,
    });
    expect(Object.entries(json.summary)).toEqual([
      ['critical', 2],
      ['high', 3],
      ['medium', 2],
      ['low', 2],
      ['info', 2],
    ]);
  });

  it('keeps every field of a finding, hostile text included, through JSON and back', () => {
    const result = scanResult();
    const parsed = JSON.parse(JSON.stringify(scanJson(result))) as { findings: unknown[] };
    expect(parsed.findings).toEqual(result.findings);
    expect(Object.keys(parsed.findings[0]!)).toEqual(['rule', 'owasp', 'cwe', 'severity', 'method', 'path', 'title', 'evidence', 'remediation', 'curl']);
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE_BODY).slice(1, -1));
  });

  it('says interrupted only when the scan was', () => {
    expect(scanJson(scanResult({ interrupted: true }))).toMatchObject({ interrupted: true });
    expect(scanJson(scanResult({ interrupted: false }))).not.toHaveProperty('interrupted');
    expect(scanJson(scanResult())).not.toHaveProperty('interrupted');
  });

  it('counts zero of every severity when nothing was found', () => {
    expect(scanJson(scanResult({ findings: [] }))).toMatchObject({ findings: [], summary: { critical: 0, high: 0, medium: 0, low: 0, info: 0 } });
  });
});
