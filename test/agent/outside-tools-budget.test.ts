import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_TOOLS_BUDGET, planToolSection } from '../../src/agent/outside-tools-budget.js';
import { type AnyTool, defineTool } from '../../src/kit/tool/tool.js';

const tool = (name: string, options: { deferred?: boolean; description?: string } = {}): AnyTool => ({
  ...defineTool({
    name,
    description: options.description ?? `what ${name} does`,
    schema: z.strictObject({ value: z.number().describe('a number') }),
    kind: 'read',
    run: async () => '',
  }),
  ...(options.deferred && { deferred: true }),
});

describe('planToolSection', () => {
  it("keeps Falcon's own tools as they are, whatever MCP servers bring", () => {
    const own = [tool('read_file'), tool('tool_search'), tool('auth', { deferred: true })];
    const outside = Array.from({ length: 200 }, (_, index) => tool(`mcp__big__t${index}`, { deferred: true, description: 'x'.repeat(399) }));
    const plan = planToolSection([...own, ...outside], true);
    expect(plan.core.map((each) => each.name)).toEqual(['read_file', 'tool_search']);
    expect(plan.deferred.slice(0, 1).map((each) => each.name)).toEqual(['auth']);
    const listed = plan.deferred.slice(1);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((each) => `- ${each.name} — ${each.description}`).join('\n').length).toBeLessThanOrEqual(OUTSIDE_TOOLS_BUDGET);
    expect(listed.length + plan.unnamed.length).toBe(200);
  });

  it('describes a few MCP tools in full while they fit, then by name', () => {
    const plan = planToolSection([tool('tool_search'), tool('mcp__notes__add'), tool('mcp__notes__list')], true);
    expect(plan.core.map((each) => each.name)).toEqual(['tool_search', 'mcp__notes__add', 'mcp__notes__list']);
    expect(plan.unnamed).toEqual([]);
  });

  it('describes every tool in full without tool_search, which alone could find the others', () => {
    const tools = [tool('read_file'), tool('mcp__notes__add', { deferred: true })];
    expect(planToolSection(tools, false)).toEqual({ core: tools, deferred: [], unnamed: [] });
  });
});
