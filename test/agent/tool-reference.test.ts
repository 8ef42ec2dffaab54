import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import { describeToolSection } from '../../src/agent/system-prompt.js';
import { describeTool, describeTools, listToolPurposes } from '../../src/agent/tool-reference.js';
import { validateToolArgs } from '../../src/kit/tool/validate-args.js';
import { toolResult } from '../../src/kit/tool/tool-result.js';
import { TOOL_SEARCH_NAME } from '../../src/agent/tool-search.js';
import { defineTool } from '../../src/kit/tool/tool.js';

const tools = await loadDefaultTools();

describe('describeTools', () => {
  const reference = describeTools(tools);

  it('has every tool and every parameter of its schema, each described', () => {
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['read_file', 'edit_file', 'http_request', 'search_code']));
    for (const tool of tools) {
      expect(reference).toContain(`${tool.name} — ${tool.description}`);
      const schema = z.toJSONSchema(tool.schema) as { properties: Record<string, { description?: string }> };
      for (const [name, property] of Object.entries(schema.properties)) {
        expect(property.description, `${tool.name}.${name} needs .describe()`).toBeTruthy();
        expect(reference).toContain(`  - ${name} (`);
        expect(reference).toContain(property.description);
      }
    }
  });

  it('gives types and marks the required parameters', () => {
    expect(reference).toContain('read_file — Read a project file');
    expect(reference).toContain('  - path (string, required): file or folder, relative to the project root');
    expect(reference).toContain('  - offset (integer): first line to show');
    expect(reference).toContain('  - method ("GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS", required)');
    expect(reference).toContain('  - headers (object of string)');
    expect(reference).toContain('  - body (string | object | array)');
    expect(reference).toMatch(/write_file — .*\(the user approves each call\)/);
  });

  it('handles tools without parameters and with defaults', () => {
    const tools = [
      defineTool({ name: 'ping', description: 'Ping.', schema: z.strictObject({}), kind: 'read', run: async () => 'pong' }),
      defineTool({
        name: 'wait',
        description: 'Wait.',
        schema: z.strictObject({ ms: z.number().default(100).describe('how long') }),
        kind: 'read',
        run: async () => 'done',
      }),
    ];
    expect(describeTools(tools)).toBe('ping — Ping.\n  (no parameters)\n\nwait — Wait.\n  - ms (number, default 100): how long');
  });

  it("gives one tool's reference, and lists tools by purpose", () => {
    const [first, second] = tools;
    expect(describeTools([first!])).toBe(describeTool(first!));
    expect(listToolPurposes([first!, second!])).toBe(`- ${first!.name} — ${first!.description}\n- ${second!.name} — ${second!.description}`);
  });
});

describe('createToolRegistry', () => {
  const registry = createToolRegistry(tools);
  const listed = registry.list();
  const core = listed.filter((tool) => !tool.deferred);
  const deferred = listed.filter((tool) => tool.deferred);

  async function toolSearch(query: string): Promise<string> {
    const search = registry.get(TOOL_SEARCH_NAME)!;
    const validated = validateToolArgs(search, { query, max_results: 20 });
    if (!validated.ok) throw new Error(validated.problems);
    return toolResult(await search.run(validated.value, {} as never)).text;
  }

  it('finds each tool by its name, one tool a name, core tools first', () => {
    for (const tool of listed) expect(registry.get(tool.name), tool.name).toBe(tool);
    expect(new Set(listed.map((tool) => tool.name)).size).toBe(listed.length);
    expect(listed.slice(0, core.length)).toEqual(core);
    expect(registry.get('nope')).toBeUndefined();
  });

  it('keeps the core small and puts every other tool of Falcon in a named group, tool_search among the core', () => {
    expect(core.map((tool) => tool.name)).toContain(TOOL_SEARCH_NAME);
    expect(core.length).toBeGreaterThan(0);
    expect(deferred.length).toBeGreaterThan(core.length);
    for (const tool of deferred) expect(tool.group, `${tool.name} has no group`).toBeTruthy();
  });

  it('describes the core tools in full in the prompt, and names the deferred ones without their parameters', () => {
    const section = describeToolSection(listed);
    const [coreSection, moreSection = ''] = section.split(`## More tools: call ${TOOL_SEARCH_NAME}`);
    for (const tool of core) expect(coreSection, tool.name).toContain(describeTool(tool));
    for (const tool of deferred) {
      expect(section, tool.name).not.toContain(describeTool(tool));
      expect(moreSection, tool.name).toMatch(new RegExp(`\\b${tool.name}\\b`));
      expect(coreSection, tool.name).not.toMatch(new RegExp(`^${tool.name} — `, 'm'));
    }
  });

  it('gives the full reference of every deferred tool through tool_search, by name and by select:', async () => {
    for (const tool of deferred) {
      expect(await toolSearch(tool.name), tool.name).toContain(describeTool(tool));
      expect(await toolSearch(`select:${tool.name}`), tool.name).toBe(describeTool(tool));
    }
  });

  it('answers to an old name of a tool, and keeps what each tool declares', () => {
    expect([...registry.names]).toEqual(expect.arrayContaining(listed.map((tool) => tool.name)));
    expect(registry.get('orchestrate_integration')).toBe(registry.get('run_flow'));
    expect(registry.get('http_request')?.kind).toBe('network');
    expect(registry.get('write_file')?.preview).toBeTypeOf('function');
  });

  it('refuses two tools with one name', () => {
    const [first] = tools;
    expect(() => createToolRegistry([first!, first!])).toThrow('two tools are named http_request');
  });
});
