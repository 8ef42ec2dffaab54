import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../../../src/capabilities/scan/engine/checks/all-checks.js';
import type { Finding } from '../../../../src/capabilities/scan/engine/finding.js';
import { dedupeFindings, findingOf } from '../../../../src/capabilities/scan/engine/finding-record.js';
import { declaredRules, loadChecks } from '../../../../src/capabilities/scan/engine/load-checks.js';
import type { FindingDraft } from '../../../../src/capabilities/scan/engine/scan-context.js';
import type { ScanExchange } from '../../../../src/capabilities/scan/engine/scan-exchange.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLW9mLWFsaWNl';

function exchange(method: string, url: string, status: number, body: string, requestBody?: string): ScanExchange {
  return {
    request: { method, url, headers: { authorization: `Bearer ${TOKEN}` }, ...(requestBody !== undefined && { body: requestBody }) },
    response: { status, headers: { 'content-type': 'application/json', 'x-internal': 'noise' }, body, durationMs: 12.4 },
  };
}

const RULES = declaredRules(await loadChecks(ALL_CHECKS));

/** The finding a draft of `rule`'s check becomes. */
function made(draft: FindingDraft, secrets: SecretRegistry, rule = 'bola'): Finding {
  return findingOf(rule, RULES[rule]!, draft, secrets);
}

function draft(overrides: Partial<FindingDraft> = {}): FindingDraft {
  return {
    severity: 'high',
    operation: { method: 'GET', path: '/orders/{orderId}' },
    title: "bob reads alice's order",
    exchange: exchange('GET', 'http://127.0.0.1:3000/orders/1', 200, '{"id":1,"owner":"alice"}'),
    ...overrides,
  };
}

describe('findingOf', () => {
  it("adds the rule's OWASP id, CWE and remediation, excerpts of the exchange and a curl line, the token masked", () => {
    const secrets = new SecretRegistry();
    secrets.register(TOKEN, 'token of bob');
    const finding = made(draft(), secrets);
    expect(finding).toMatchObject({ rule: 'bola', owasp: 'API1:2023', cwe: 'CWE-639', severity: 'high', method: 'GET', path: '/orders/{orderId}' });
    expect(finding.remediation).toMatch(/belongs to the caller/);
    expect(finding.evidence.request).toBe('GET http://127.0.0.1:3000/orders/1\nauthorization: Bearer [masked:token_of_bob]');
    expect(finding.evidence.response).toBe('HTTP 200 (12 ms)\ncontent-type: application/json\n\n{"id":1,"owner":"alice"}');
    expect(finding.curl).toBe(
      `# set TOKEN_OF_BOB first (its value is masked here)\ncurl -sS -i 'http://127.0.0.1:3000/orders/1' -H "authorization: Bearer $TOKEN_OF_BOB"`,
    );
    expect(JSON.stringify(finding)).not.toContain(TOKEN);
  });

  it('masks secrets a leaking API serves, by shape, though none was registered', () => {
    const leak = exchange(
      'GET',
      'http://127.0.0.1:3000/.env',
      200,
      'DATABASE_URL=postgres://app:hunter22secret@db/shop\nSTRIPE_KEY=sk_live_abcdefghijklmnop1234\n',
    );
    const finding = made(draft({ exchange: leak }), new SecretRegistry(), 'undocumented_endpoints');
    expect(finding.evidence.response).not.toContain('hunter22secret');
    expect(finding.evidence.response).not.toContain('sk_live_abcdefghijklmnop1234');
  });

  it('shows a follow-up exchange after the first, on both sides', () => {
    const write = exchange('PATCH', 'http://127.0.0.1:3000/me', 200, '{"ok":true}', '{"role":"admin"}');
    const read = exchange('GET', 'http://127.0.0.1:3000/me', 200, '{"role":"admin"}');
    const { evidence } = made(draft({ exchange: write, followUp: read }), new SecretRegistry(), 'mass_assignment');
    expect(evidence.request).toMatch(/^PATCH http:\/\/127\.0\.0\.1:3000\/me\n[^]*\{"role":"admin"\}\n\n— then —\nGET http:\/\/127\.0\.0\.1:3000\/me/);
    expect(evidence.response).toMatch(/\{"ok":true\}\n\n— then —\nHTTP 200 \(12 ms\)/);
  });

  it('cuts long bodies, saying how long they were', () => {
    const { evidence } = made(draft({ exchange: exchange('GET', 'http://127.0.0.1:3000/orders/1', 200, 'x'.repeat(5000)) }), new SecretRegistry());
    expect(evidence.response).toMatch(/x{600}… \(5000 characters\)$/);
  });
});

describe('dedupeFindings', () => {
  it('keeps one finding per rule, method and path — the most severe — and sorts the most severe first', () => {
    const secrets = new SecretRegistry();
    const findings = [
      made(draft({ severity: 'high' }), secrets),
      made(draft({ severity: 'critical', title: 'bob rewrites it' }), secrets),
      made(draft({ severity: 'medium' }), secrets, 'cors'),
      made(draft({ severity: 'low' }), secrets),
    ];
    expect(dedupeFindings(findings.map((finding) => ({ finding }))).map((finding) => [finding.rule, finding.severity, finding.title])).toEqual([
      ['bola', 'critical', 'bob rewrites it'],
      ['cors', 'medium', "bob reads alice's order"],
    ]);
  });

  it('keeps apart what one rule saw exposed at one operation, and reports each thing once', () => {
    const secrets = new SecretRegistry();
    const hash = made(draft({ severity: 'high', title: 'a password hash' }), secrets, 'sensitive_data');
    const secret = made(draft({ severity: 'high', title: 'a secret' }), secrets, 'sensitive_data');
    const entries = [
      { finding: hash, exposed: 'password hash' },
      { finding: secret, exposed: 'secret' },
      { finding: { ...hash, title: 'the same hash, seen again' }, exposed: 'password hash' },
    ];
    expect(dedupeFindings(entries).map((finding) => finding.title)).toEqual(['a password hash', 'a secret']);
  });
});
