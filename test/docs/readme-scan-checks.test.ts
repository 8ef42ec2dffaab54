import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { ALL_CHECKS, RULE_NAMES } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import { declaredRules, loadChecks } from '../../src/capabilities/scan/engine/load-checks.js';

it('the README lists every check of falcon scan, with its OWASP id, CWE and what proves it', async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const rules = declaredRules(await loadChecks(ALL_CHECKS));
  const rows = new Map([...readme.matchAll(/^\| `([a-z_][a-z0-9_]*)` \| (API\d+:2023) \| (CWE-\d+) \| (.+) \|$/gm)].map((match) => [match[1], match]));
  for (const rule of RULE_NAMES) {
    const row = rows.get(rule);
    expect(row, `README row for ${rule}`).toBeDefined();
    expect([row![2], row![3]]).toEqual([rules[rule]!.owasp, rules[rule]!.cwe]);
    expect(row![4]!.length).toBeGreaterThan(40);
  }
});
