import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_NAMES, type RuleName } from '../../../src/capabilities/scan/engine/checks/all-checks.js';
import type { FalconSpec, SpecOperation } from '../../../src/engines/spec/spec-format.js';
import { call, expectDocumented, loadSpec } from '../spec-answers.js';
import { ALL_EXPLOITS } from './exploits/all-exploits.js';
import { type Exploit, entryKey } from './exploits/exploit.js';
import { ShopClient } from './exploits/shop-client.js';
import { CONTROLS, INCIDENTAL, type ManifestEntry, PLANTED, entryMatches } from './manifest.js';
import { useSkippingClock } from '../../support/skipping-clock.js';
import { startVulnerableApi, VULNERABLE_API_SPEC_FILE, type VulnerableApi } from './vulnerable-api.js';

/** Rules a whole API has or has not (or that only its one login operation can have). */
const ONE_PER_API: RuleName[] = ['jwt_weak_secret', 'login_rate_limit', 'cors', 'security_headers', 'trace'];

const ALL_ENTRIES = [...PLANTED, ...CONTROLS, ...INCIDENTAL];

/** The injected sleeps move the exploits' clock on instead of keeping them waiting (the e2e scan recall waits them out). */
const clock = useSkippingClock();
const sleep = (seconds: number) => clock.sleep(seconds * 1000);

/** Runs the entry's exploit against a fresh start of the API (each has its own data, limits and lockouts). */
async function exploit(entry: ManifestEntry, secure: boolean): Promise<boolean> {
  const api = await startVulnerableApi({ secure, sleep });
  try {
    return await (ALL_EXPLOITS[entryKey(entry)] as Exploit)(await ShopClient.login(api));
  } finally {
    await api.close();
  }
}

/** The operation's documented example: path, query and body from the spec's examples, sent as whom it is for. */
function exampleOf(op: SpecOperation): { target: string; body?: unknown; as?: 'alice' | 'admin' } {
  const example = (where: string, name: string) => String(op.parameters.find((param) => param.in === where && param.name === name)?.example);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example('path', name)));
  const query = new URLSearchParams(
    op.parameters.filter((param) => param.in === 'query' && param.example !== undefined).map((param) => [param.name, String(param.example)]),
  );
  const as = op.security.length === 0 ? undefined : op.tags.includes('admin') ? 'admin' : 'alice';
  return { target: `${path}${query.size > 0 ? `?${query}` : ''}`, body: op.requestBody?.content['application/json']?.example, as };
}

/** The example URLs are on unresolvable `.example` hosts: fetching them fails, as documented. */
const EXAMPLE_FAILS: Record<string, number> = { setAvatar: 422, previewLink: 502 };

describe('the vulnerable API and its manifest', () => {
  let spec: FalconSpec;
  beforeAll(async () => {
    spec = await loadSpec(VULNERABLE_API_SPEC_FILE);
  });

  it('plants every rule of falcon scan, at least twice where a rule lives on operations, and guards each such rule with a control', () => {
    for (const rule of RULE_NAMES) {
      const planted = PLANTED.filter((entry) => entry.rule === rule).length;
      expect(planted, rule).toBeGreaterThanOrEqual(ONE_PER_API.includes(rule) ? 1 : 2);
      if (!ONE_PER_API.includes(rule)) expect(CONTROLS.filter((entry) => entry.rule === rule).length, rule).toBeGreaterThanOrEqual(1);
    }
  });

  it("names the spec's operations by method and path template, and paths outside it only for undocumented endpoints", () => {
    const documented = new Set(spec.operations.map((op) => `${op.method} ${op.path}`));
    const undocumented = PLANTED.concat(CONTROLS).filter((entry) => entry.rule === 'undocumented_endpoints');
    for (const entry of ALL_ENTRIES.filter((candidate) => candidate.path !== '*')) {
      const outside = undocumented.some((probe) => entryMatches(probe, { ...entry, rule: probe.rule }));
      expect(documented.has(`${entry.method} ${entry.path}`), entryKey(entry)).toBe(!outside);
    }
    for (const probe of undocumented) {
      expect(
        spec.operations.filter((op) => entryMatches(probe, { rule: probe.rule, method: op.method, path: op.path })).map((op) => op.path),
        entryKey(probe),
      ).toEqual([]);
    }
  });

  it('keeps planted bugs, controls and incidental findings apart, with an exploit for each', () => {
    const keys = ALL_ENTRIES.map(entryKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const control of CONTROLS) {
      expect([...PLANTED, ...INCIDENTAL].filter((bug) => entryMatches(bug, control)).map(entryKey), entryKey(control)).toEqual([]);
    }
    expect(Object.keys(ALL_EXPLOITS).sort()).toEqual(keys.sort());
  });

  describe.each([
    ['vulnerable API', false],
    ['secure twin', true],
  ])('the %s', (_name, secure) => {
    let api: VulnerableApi;
    let shop: ShopClient;
    beforeAll(async () => {
      api = await startVulnerableApi({ secure, sleep });
      shop = await ShopClient.login(api);
    });
    afterAll(() => api?.close());

    it("answers every operation's documented example as its spec says", async () => {
      for (const op of spec.operations) {
        const { target, body, as } = exampleOf(op);
        const answer = await call(`${api.url}${target}`, op.method, body, as ? { authorization: `Bearer ${shop.tokens[as]}` } : {});
        expect(answer.status, `${op.id}: ${answer.text}`).toBe(EXAMPLE_FAILS[op.id] ?? (answer.status >= 200 && answer.status < 300 ? answer.status : 'a 2xx'));
        // expectDocumented reads every body as JSON; the file downloads are text.
        if (answer.headers.get('content-type')?.startsWith('text/plain')) expect(op.responses[answer.status]?.content).toHaveProperty(['text/plain']);
        else await expectDocumented(spec, op.method, op.path, answer);
      }
    });
  });

  it.each(PLANTED)('planted: $rule $method $path', async (entry) => {
    expect(await exploit(entry, false)).toBe(true);
  });

  it.each(INCIDENTAL)('incidental: $rule $method $path', async (entry) => {
    expect(await exploit(entry, false)).toBe(true);
  });

  it.each(CONTROLS)('control holds: $rule $method $path', async (entry) => {
    expect(await exploit(entry, false)).toBe(false);
  });

  it.each(ALL_ENTRIES)('the secure twin resists: $rule $method $path', async (entry) => {
    expect(await exploit(entry, true)).toBe(false);
  });
});
