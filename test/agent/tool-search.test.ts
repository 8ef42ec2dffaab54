import { describe, expect, it } from 'vitest';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import type { AnyTool } from '../../src/kit/tool/tool.js';
import { describeTool } from '../../src/agent/tool-reference.js';
import { validateToolArgs } from '../../src/kit/tool/validate-args.js';
import { toolResult } from '../../src/kit/tool/tool-result.js';

const tools = await loadDefaultTools();
const byName = (name: string): AnyTool => tools.find((tool) => tool.name === name)!;
const toolSearch = byName('tool_search');

async function search(args: Record<string, unknown>): Promise<string> {
  const validated = validateToolArgs(toolSearch, args);
  if (!validated.ok) throw new Error(validated.problems);
  return toolResult(await toolSearch.run(validated.value, {} as never)).text;
}

/** The tool names whose full reference the answer holds, in order. */
function namesIn(answer: string): string[] {
  return tools
    .filter((tool) => answer.includes(describeTool(tool)))
    .sort((a, b) => answer.indexOf(describeTool(a)) - answer.indexOf(describeTool(b)))
    .map((tool) => tool.name);
}

describe('tool_search', () => {
  it('is a core read tool that needs no confirmation', () => {
    expect(toolSearch).toMatchObject({ kind: 'read' });
    expect(toolSearch.deferred).toBeFalsy();
    expect(toolSearch.preview).toBeUndefined();
  });

  it('finds a tool by its name and returns its full reference', async () => {
    const answer = await search({ query: 'webhook_listener' });
    expect(namesIn(answer)[0]).toBe('webhook_listener');
    expect(answer).toContain(describeTool(byName('webhook_listener')));
    expect(answer).toContain('  - action ("start" | "stop" | "get_requests", required)');
  });

  it('finds tools by words of their purpose and parameters, best first', async () => {
    expect(namesIn(await search({ query: 'get an oauth2 token' }))[0]).toBe('auth');
    expect(namesIn(await search({ query: 'decode JWT' }))[0]).toBe('auth');
    expect(namesIn(await search({ query: 'is PUT idempotent?' }))[0]).toBe('verify_idempotency');
    expect(namesIn(await search({ query: 'receive webhooks' }))[0]).toBe('webhook_listener');
    expect(namesIn(await search({ query: 'validate body against JSON Schema' }))[0]).toBe('validate_json_schema');
    expect(namesIn(await search({ query: 'switch environment to staging' }))[0]).toBe('environment');
    expect(namesIn(await search({ query: 'CSV data file rows' }))[0]).toBe('run_data_driven');
    expect(namesIn(await search({ query: 'until_status' }))).toContain('retry');
  });

  it('returns at most max_results references, default 5, and names the rest', async () => {
    const answer = await search({ query: 'response' });
    expect(namesIn(answer)).toHaveLength(5);
    expect(answer).toMatch(/^5 of \d+ matching tools:/);
    expect(answer).toMatch(/Also matching: [a-z_, ]+ \(select:name for their parameters\)\./);
    expect(namesIn(await search({ query: 'response', max_results: 2 }))).toHaveLength(2);
  });

  it('selects exact names with select:', async () => {
    const answer = await search({ query: 'select:auth, wait,nope' });
    expect(namesIn(answer)).toEqual(['auth', 'wait']);
    expect(answer).toContain('No tool is named "nope".');
  });

  it('says when nothing matches and lists the deferred tools', async () => {
    const answer = await search({ query: 'xylophone quantum' });
    expect(answer).toMatch(/^No tool matches "xylophone quantum"\. Tools listed without parameters: /);
    for (const tool of tools.filter((candidate) => candidate.deferred)) expect(answer).toContain(tool.name);
    expect(await search({ query: 'select:nope' })).toMatch(/^No tool is named "nope"\. Tools listed without parameters: validate_json_schema, /);
  });

  it('does not return itself', async () => {
    expect(namesIn(await search({ query: 'tool_search parameters' }))).not.toContain('tool_search');
  });
});
