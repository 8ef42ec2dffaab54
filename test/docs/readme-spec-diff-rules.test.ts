import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DIFF_RULES, RULE_IDS } from '../../src/capabilities/spec-tests/engine/spec-diff/diff-rules.js';

it("the README's falcon spec diff section lists every rule once, with its severity", async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('### Breaking changes: `falcon spec diff`');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const listed = [...section.matchAll(/^\| ((?:`[a-z-]+`(?:, )?)+) \| (breaking|warning|non-breaking) \| (.+?) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([a-z-]+)`/g)].map((name) => ({ rule: name[1]!, severity: row[2]!, says: row[3]! })),
  );
  expect(listed.map(({ rule }) => rule).sort()).toEqual([...RULE_IDS].sort());
  for (const { rule, severity, says } of listed) {
    expect(severity, rule).toBe(DIFF_RULES[rule as keyof typeof DIFF_RULES].severity);
    expect(says.length, rule).toBeGreaterThan(10);
  }
});
