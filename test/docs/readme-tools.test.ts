import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { loadDefaultTools } from '../../src/agent/default-tools.js';

/** The README's "Tools the agent has": up to the next section. */
async function toolSection(): Promise<string> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('## Tools the agent has');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

it("the README's tool section names every tool of the agent, and its tables no tool the agent lacks", async () => {
  const section = await toolSection();
  const tools = (await loadDefaultTools()).map((tool) => tool.name);
  const named = new Set([...section.matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((match) => match[1]!));
  expect(tools.filter((tool) => !named.has(tool))).toEqual([]);
  const inTables = [...section.matchAll(/^\| ((?:`[a-z_][a-z0-9_]*`(?:, )?)+) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((match) => match[1]!),
  );
  expect(inTables.filter((name) => !tools.includes(name))).toEqual([]);
});
